import { money, type ReturnedLine } from './cxml-write.ts';

/*
 * SAP OCI 4.0 (Open Catalog Interface): the returned cart is a form of NEW_ITEM-<FIELD>[n]
 * fields, n from 1, posted by the browser to HOOK_URL (docs/punchout.md, "OCI 4.0"). Field
 * lengths are the specification's: values longer than them are cut, as SAP SRM would cut them.
 */

/** The OCI field lengths the shop fills (OCI 4.0, "Outbound section"). */
const LENGTH = {
  DESCRIPTION: 40,
  QUANTITY: 15,
  UNIT: 3,
  PRICE: 15,
  CURRENCY: 5,
  VENDORMAT: 40,
  MATGROUP: 10,
  LEADTIME: 5,
} as const;

type OciField = keyof typeof LENGTH;

/** Cuts by characters (code points), so a Chinese description is never split inside one. */
const cut = (value: string, length: number) => Array.from(value).slice(0, length).join('');

/** The form fields of a returned cart, in line order. */
export function ociFields(lines: readonly ReturnedLine[]): [string, string][] {
  return lines.flatMap((line, i) => {
    const values: Record<OciField, string> = {
      DESCRIPTION: line.description,
      QUANTITY: String(line.quantity),
      UNIT: 'EA',
      PRICE: money(line.unitPrice),
      CURRENCY: 'CNY',
      VENDORMAT: line.supplierPartId,
      MATGROUP: line.unspsc,
      LEADTIME: line.leadTimeDays > 0 ? String(line.leadTimeDays) : '',
    };
    return (Object.keys(LENGTH) as OciField[]).map((field): [string, string] => [
      `NEW_ITEM-${field}[${i + 1}]`,
      cut(values[field], LENGTH[field]),
    ]);
  });
}
