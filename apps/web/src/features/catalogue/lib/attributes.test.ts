import { describe, expect, it } from 'vitest';
import { parseAttributes } from './attributes';

describe('parseAttributes', () => {
  it('reads an object of label / value', () => {
    expect(parseAttributes('{"外观":"白色粉末","熔点":"135 ℃","批量":25,"危险品":false}')).toEqual([
      { label: '外观', value: '白色粉末' },
      { label: '熔点', value: '135 ℃' },
      { label: '批量', value: '25' },
      { label: '危险品', value: 'false' },
    ]);
  });

  it('reads lists of name / value objects and of pairs', () => {
    expect(
      parseAttributes('[{"name":"外观","value":"无色液体"},{"key":"沸点","value":"78 ℃"}]'),
    ).toEqual([
      { label: '外观', value: '无色液体' },
      { label: '沸点', value: '78 ℃' },
    ]);
    expect(parseAttributes('[["溶剂","甲醇"]]')).toEqual([{ label: '溶剂', value: '甲醇' }]);
  });

  it('joins list values and trims text', () => {
    expect(parseAttributes('{" 用途 ":["农残检测"," 食品检测 "]}')).toEqual([
      { label: '用途', value: '农残检测、食品检测' },
    ]);
  });

  it('leaves out empty, null and nested values', () => {
    expect(parseAttributes('{"a":"","b":null,"c":{"d":1},"e":"  ","f":"ok"}')).toEqual([
      { label: 'f', value: 'ok' },
    ]);
  });

  it('gives no rows for invalid or non-object JSON', () => {
    for (const bad of [
      '',
      '   ',
      '{',
      'not json',
      'null',
      '42',
      '"text"',
      '[1,2]',
      undefined,
      null,
    ]) {
      expect(parseAttributes(bad)).toEqual([]);
    }
  });
});
