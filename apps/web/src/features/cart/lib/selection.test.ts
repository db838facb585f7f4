import { describe, expect, it } from 'vitest';
import { keepExisting, selectAllState, toggleAll, toggleLine } from './selection';

const lines = [11, 12, 13];

describe('cart selection', () => {
  it('select-all is off with nothing chosen, on with every line, indeterminate in between', () => {
    expect(selectAllState(lines, [])).toBe(false);
    expect(selectAllState(lines, [12])).toBe('indeterminate');
    expect(selectAllState(lines, [11, 12])).toBe('indeterminate');
    expect(selectAllState(lines, [13, 11, 12])).toBe(true);
  });

  it('ignores chosen ids that are not lines of the cart', () => {
    expect(selectAllState(lines, [99])).toBe(false);
    expect(selectAllState(lines, [11, 12, 13, 99])).toBe(true);
    expect(selectAllState([], [])).toBe(false);
  });

  it('toggles one line and keeps the cart order', () => {
    expect(toggleLine(lines, [], 12)).toEqual([12]);
    expect(toggleLine(lines, [13], 11)).toEqual([11, 13]);
    expect(toggleLine(lines, [11, 13], 11)).toEqual([13]);
  });

  it('select-all chooses every line from none or some, and none from all', () => {
    expect(toggleAll(lines, [])).toEqual([11, 12, 13]);
    expect(toggleAll(lines, [12])).toEqual([11, 12, 13]);
    expect(toggleAll(lines, [11, 12, 13])).toEqual([]);
  });

  it('drops stored ids of lines that are gone', () => {
    expect(keepExisting(lines, [13, 40, 11])).toEqual([11, 13]);
  });
});
