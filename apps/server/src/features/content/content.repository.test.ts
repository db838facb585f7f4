import { describe, expect, it } from 'vitest';
import { likePattern } from './content.repository.ts';

describe('likePattern', () => {
  it('lower-cases and wraps the text in wildcards', () => {
    expect(likePattern('GB Food')).toBe('%gb food%');
  });
  it('escapes wildcards and the escape character', () => {
    expect(likePattern('10%_a\\b')).toBe('%10\\%\\_a\\\\b%');
  });
});
