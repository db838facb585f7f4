import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Formula, formulaParts } from './formula';

describe('formulaParts', () => {
  it('lowers the counts of elements and groups', () => {
    expect(formulaParts('C9H8O4')).toEqual([
      { text: 'C', sub: false },
      { text: '9', sub: true },
      { text: 'H', sub: false },
      { text: '8', sub: true },
      { text: 'O', sub: false },
      { text: '4', sub: true },
    ]);
    expect(
      formulaParts('(C12H19NO3)2·H2SO4')
        .filter((p) => p.sub)
        .map((p) => p.text),
    ).toEqual(['12', '19', '3', '2', '2', '4']);
  });

  it('keeps a multiplier after the dot on the line', () => {
    const parts = formulaParts('Na2HPO4·12H2O');
    expect(parts.find((p) => p.text.includes('·'))).toEqual({ text: '·12H', sub: false });
    expect(parts.filter((p) => p.sub).map((p) => p.text)).toEqual(['2', '4', '2']);
    expect(parts.map((p) => p.text).join('')).toBe('Na2HPO4·12H2O');
  });
});

describe('Formula', () => {
  it('renders subscripts', () => {
    const { container } = render(<Formula value="C7H5NaO2" />);
    expect([...container.querySelectorAll('sub')].map((s) => s.textContent)).toEqual([
      '7',
      '5',
      '2',
    ]);
    expect(container.textContent).toBe('C7H5NaO2');
  });
});
