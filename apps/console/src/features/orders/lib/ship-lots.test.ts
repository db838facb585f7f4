import { describe, expect, it } from 'vitest';
import { UNBATCHED_LOT, lotNumberField } from '@labshop/shared/schemas';
import {
  FEFO,
  firstLot,
  isShort,
  lineIsShort,
  lotNumberToSend,
  lotsOf,
  type ShipLot,
} from './ship-lots';

const lot = (lotNumber: string, expire: string | null, quantity = 5, storeId = 1): ShipLot => ({
  materialId: 7,
  storeId,
  lotNumber,
  expire,
  quantity,
});

const shortBefore = '2025-09-01';

describe('lotsOf', () => {
  it("lists the pack's lots in the warehouse first to expire first, 未分批 last", () => {
    const all = [
      lot(UNBATCHED_LOT, null),
      lot('B', '2026-05-01'),
      lot('A', '2025-06-01'),
      lot('C', '2025-01-01', 5, 2),
      { ...lot('D', '2025-01-01'), materialId: 8 },
      lot('E', '2025-02-01', 0),
    ];
    expect(lotsOf(all, 7, 1).map((l) => l.lotNumber)).toEqual(['A', 'B', UNBATCHED_LOT]);
  });
});

describe('FEFO and short lots', () => {
  const lots = lotsOf([lot('LATE', '2027-01-01'), lot('SOON', '2025-08-31')], 7, 1);

  it('FEFO proposes the first-expiring lot; a chosen lot is that lot', () => {
    expect(firstLot(lots, FEFO)?.lotNumber).toBe('SOON');
    expect(firstLot(lots, undefined)?.lotNumber).toBe('SOON');
    expect(firstLot(lots, 'LATE')?.lotNumber).toBe('LATE');
    expect(firstLot([], FEFO)).toBeUndefined();
  });

  it('a lot expiring before shortBefore is short; on that day or later it is not', () => {
    expect(isShort({ expire: '2025-08-31' }, shortBefore)).toBe(true);
    expect(isShort({ expire: '2025-09-01' }, shortBefore)).toBe(false);
    expect(isShort({ expire: null }, shortBefore)).toBe(false);
  });

  it('asks for the confirmation when FEFO or the chosen lot ships a short lot first', () => {
    expect(lineIsShort(lots, FEFO, shortBefore)).toBe(true);
    expect(lineIsShort(lots, 'SOON', shortBefore)).toBe(true);
    expect(lineIsShort(lots, 'LATE', shortBefore)).toBe(false);
    expect(lineIsShort(lotsOf([lot(UNBATCHED_LOT, null)], 7, 1), FEFO, shortBefore)).toBe(false);
  });

  it('sends a lot number only for a chosen lot', () => {
    expect(lotNumberToSend(FEFO)).toBeUndefined();
    expect(lotNumberToSend(undefined)).toBeUndefined();
    expect(lotNumberToSend('LATE')).toBe('LATE');
  });

  it('the FEFO choice can be no real lot number (those refuse control characters)', () => {
    expect(lotNumberField.safeParse(FEFO).success).toBe(false);
  });
});
