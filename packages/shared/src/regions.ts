/**
 * Chinese names of an order's deliveryRegionCode ("province,city,area" six-digit codes) from the
 * division file both apps serve (/region/divisions.json); a municipality's repeated name is
 * shown once. Unknown codes are left out; with no division data the answer is empty.
 */
export function regionNamesOf(
  codes: string,
  divisions: Readonly<Record<string, string>> | undefined,
): string {
  const names: string[] = [];
  for (const code of codes.split(',')) {
    const name = divisions?.[code.trim()];
    if (name && names.at(-1) !== name) names.push(name);
  }
  return names.join(' ');
}

/**
 * The full delivery address as documents print it: 省 市 区 names of the codes, then the street.
 * A street that already begins with those names (typed in full by the buyer) is kept as it is.
 */
export function fullAddressOf(
  codes: string,
  street: string,
  divisions: Readonly<Record<string, string>> | undefined,
): string {
  const region = regionNamesOf(codes, divisions);
  const rest = street.trim();
  if (region === '') return rest;
  const compact = (s: string) => s.replace(/\s+/g, '');
  if (compact(rest).startsWith(compact(region))) return rest;
  return rest === '' ? region : `${region} ${rest}`;
}
