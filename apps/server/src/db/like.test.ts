import { describe, expect, it } from 'vitest';
import { containsPattern } from './like.ts';

describe('containsPattern', () => {
  it('lower-cases and wraps the text in wildcards', () => {
    expect(containsPattern('GB Food')).toBe('%gb food%');
  });
  it('escapes wildcards and the escape character', () => {
    expect(containsPattern('10%_a\\b')).toBe('%10\\%\\_a\\\\b%');
  });
});
