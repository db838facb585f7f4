/**
 * Item and lot numbers read from a certificate's file name: "YF11001-20250312.pdf" (item, lot),
 * "YF11001_20250312.pdf" or "20250312.pdf" (lot only). Staff upload many certificates at once
 * named this way.
 */
export function coaNamesFromFile(filename: string): { productNumber: string; lotNumber: string } {
  const base = filename
    .replace(/^.*[\\/]/, '')
    .replace(/\.pdf$/i, '')
    .trim();
  const m = /^(.+?)[-_ ]+([^-_ ]+)$/.exec(base);
  if (m?.[1] && m[2]) return { productNumber: m[1], lotNumber: m[2] };
  return { productNumber: '', lotNumber: base };
}
