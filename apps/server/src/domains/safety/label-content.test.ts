import { describe, expect, it } from 'vitest';
import { GHS_PICTOGRAMS } from '@labshop/shared';
import { pdfText } from '../../../test/fixtures/pdf-text.ts';
import { HAZARD_TEXTS, PRECAUTIONS_OF, PRECAUTION_TEXTS } from './ghs-statements.ts';
import { labelContent, statementText, type LabelInput } from './label-content.ts';
import { renderLabel } from './label-pdf.ts';
import { shapesOf } from './pictogram-pdf.ts';
import { GHS_PICTOGRAM_DRAWINGS } from '@labshop/shared';

const ether: LabelInput = {
  product: { name: '乙醚', nameEn: 'Diethyl ether', cas: '60-29-7', number: 'YF-ET500' },
  pack: '500mL',
  lotNumber: 'L2503',
  ghs: {
    pictograms: ['GHS02', 'GHS07'],
    signalWord: '危险',
    hazardStatements: ['H224', 'H302', 'H336', 'EUH019'],
  },
  supplier: { name: '测试标准物质公司', address: '北京市海淀区测试路 1 号', tel: '010-1' },
  emergencyPhone: '0532-83889090',
};

describe('the label content', () => {
  it('prints the product’s H statements in Chinese and the P statements they call for, each once', () => {
    const label = labelContent(ether);
    expect(label.hazards.map(statementText)).toEqual([
      'H224 极易燃烧的液体和蒸气',
      'H302 吞咽有害',
      'H336 可能引起昏昏欲睡或眩晕',
      'EUH019 可能形成爆炸性过氧化物',
    ]);
    const codes = (key: keyof typeof label.precautions) =>
      label.precautions[key].map((p) => p.code);
    expect(codes('prevention')).toEqual([
      'P210',
      'P233',
      'P240',
      'P241',
      'P242',
      'P243',
      'P261',
      'P264',
      'P270',
      'P271',
      'P280',
    ]);
    expect(codes('response')).toEqual([
      'P301+P310',
      'P303+P361+P353',
      'P304+P340',
      'P312',
      'P330',
      'P370+P378',
    ]);
    expect(codes('storage')).toEqual(['P403+P233', 'P403+P235', 'P405']);
    expect(codes('disposal')).toEqual(['P501']);
    expect(label.precautions.disposal[0]?.text).toBe('根据……来处置内装物/容器。');
    expect(label.withoutPrecautions).toEqual([]);
  });

  it('marks a code no recorded source gives a text for as 待核实, never inventing one', () => {
    const label = labelContent({
      ...ether,
      ghs: { ...ether.ghs, hazardStatements: ['H302', 'H999'] },
    });
    expect(label.hazards).toEqual([
      { code: 'H302', text: '吞咽有害', verified: true },
      { code: 'H999', text: '待核实', verified: false },
    ]);
    expect(label.withoutPrecautions).toEqual(['H999']);
  });

  it('has a text and a source for every statement it can assign', () => {
    const assigned = new Set(Object.values(PRECAUTIONS_OF).flat());
    expect([...assigned].filter((p) => !PRECAUTION_TEXTS[p])).toEqual([]);
    for (const entry of [...Object.values(HAZARD_TEXTS), ...Object.values(PRECAUTION_TEXTS)]) {
      expect(entry.sources).toMatch(/^R\d( R\d)*$/);
      expect(entry.text).not.toMatch(/\s/);
    }
  });

  it('draws every pictogram from shapes the PDF writer knows', () => {
    for (const code of GHS_PICTOGRAMS) {
      const shapes = shapesOf(GHS_PICTOGRAM_DRAWINGS[code].body);
      expect(shapes.length, code).toBeGreaterThan(0);
      // Every element of the markup is one the writer draws: none is silently dropped.
      const elements = GHS_PICTOGRAM_DRAWINGS[code].body.match(/<[a-z]+/g) ?? [];
      expect(elements.length, code).toBe(shapes.length);
    }
  });
});

describe('the label PDF', () => {
  it('is one page whose Chinese text can be selected', async () => {
    const pdf = await renderLabel(labelContent(ether));
    const text = await pdfText(pdf);
    expect(text.split('\n')).toHaveLength(1);
    for (const part of [
      '乙醚',
      'Diethyl ether',
      'CAS号：60-29-7',
      '规格：500mL',
      '批号：L2503',
      '危险',
      'H224 极易燃烧的液体和蒸气',
      '【预防措施】',
      'P210 远离热源、热表面、火花、明火和其他点火源。禁止吸烟。',
      '请参阅化学品安全技术说明书（SDS）',
      '供应商：测试标准物质公司',
      '24 小时应急咨询电话：0532-83889090',
    ]) {
      expect(text.replace(/\s+/g, ''), part).toContain(part.replace(/\s+/g, ''));
    }
  });

  it('keeps a long label on one page: a larger sheet, smaller statements', async () => {
    const label = labelContent({
      ...ether,
      ghs: {
        pictograms: ['GHS02', 'GHS05', 'GHS06', 'GHS07', 'GHS08', 'GHS09'],
        signalWord: '危险',
        hazardStatements: ['H225', 'H301', 'H311', 'H314', 'H317', 'H331', 'H350', 'H372', 'H410'],
      },
    });
    const text = await pdfText(await renderLabel(label));
    expect(text.split('\n')).toHaveLength(1);
  });
});
