/**
 * Splits a molecular formula into text and subscript runs: counts after an element or a closing
 * parenthesis are subscripts (C9H8O4, (C12H19NO3)2), a count that starts a part after '·' is a
 * multiplier and stays on the line (C4H11N5·HCl, Na2HPO4·12H2O).
 */
export function formulaParts(formula: string): Array<{ text: string; sub: boolean }> {
  const parts: Array<{ text: string; sub: boolean }> = [];
  for (const m of formula.matchAll(/\d+|[^\d]+/g)) {
    const text = m[0];
    const before = formula[m.index - 1] ?? '';
    const sub = /^\d/.test(text) && /[A-Za-z)\]]/.test(before);
    const last = parts.at(-1);
    if (last && last.sub === sub) last.text += text;
    else parts.push({ text, sub });
  }
  return parts;
}

/** A molecular formula with its counts as subscripts; '--' when there is none. */
export function Formula({ value }: { value: string }) {
  if (!value) return <>--</>;
  return (
    <span aria-label={value}>
      {formulaParts(value).map((p, i) => (p.sub ? <sub key={i}>{p.text}</sub> : p.text))}
    </span>
  );
}
