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
