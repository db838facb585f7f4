import { describe, expect, it } from 'vitest';
import { UNBATCHED_LOT, lotNumberField } from '@labshop/shared/schemas';
import {
  FEFO,
  defaultStores,
  firstLot,
  lineIsShort,
  lotNumberToSend,
  lotsOf,
  shippable,
  type ShipLot,
} from './ship-lots';

const lot = (
  lotNumber: string,
  expire: string | null,
  quantity = 5,
  storeId = 1,
  materialId = 7,
): ShipLot => ({
  materialId,
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

  it('lists lots of one day by lot number, the order the server ships them in', () => {
    const sameDay = [lot('L2', '2026-01-01'), lot('L1', '2026-01-01')];
    expect(lotsOf(sameDay, 7, 1).map((l) => l.lotNumber)).toEqual(['L1', 'L2']);
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

describe('the default warehouse', () => {
  const beijing = 1;
  const shanghai = 2;
  const stores = [beijing, shanghai];

  it('counts what a warehouse can ship: its lots with units, nothing of another pack', () => {
    const lots = [lot('A', '2026-01-01', 3), lot('B', null, 2), lot('C', '2026-01-01', 9, 2)];
    expect(shippable(lots, 7, beijing)).toBe(5);
    expect(shippable(lots, 8, beijing)).toBe(0);
  });

  it('ships every line from the first warehouse that holds them all', () => {
    // Five lines: 上海 holds all of them, 北京 only some.
    const lines = [7, 8, 9, 10, 11].map((materialId) => ({ materialId, quantity: 2 }));
    const lots = [
      ...lines.map((l) => lot(`S${l.materialId}`, '2027-01-01', 5, shanghai, l.materialId)),
      lot('B7', '2027-01-01', 5, beijing, 7),
    ];
    expect(defaultStores(lines, stores, lots)).toEqual(Array(5).fill(shanghai));
  });

  it('adds up two lines of one pack before calling a warehouse enough', () => {
    const lines = [
      { materialId: 7, quantity: 3 },
      { materialId: 7, quantity: 3 },
    ];
    const lots = [lot('B', '2027-01-01', 4, beijing), lot('S', '2027-01-01', 6, shanghai)];
    expect(defaultStores(lines, stores, lots)).toEqual([shanghai, shanghai]);
  });

  it('otherwise takes per line the warehouse holding the whole line, else the most of it', () => {
    const lines = [
      { materialId: 7, quantity: 4 },
      { materialId: 8, quantity: 10 },
    ];
    const lots = [
      lot('B7', '2027-01-01', 1, beijing, 7),
      lot('S7', '2027-01-01', 4, shanghai, 7),
      lot('B8', '2027-01-01', 6, beijing, 8),
      lot('S8', '2027-01-01', 2, shanghai, 8),
    ];
    expect(defaultStores(lines, stores, lots)).toEqual([shanghai, beijing]);
  });

  it('falls back to the first warehouse when none holds the pack, and to none without any', () => {
    const lines = [{ materialId: 7, quantity: 1 }];
    expect(defaultStores(lines, stores, [])).toEqual([beijing]);
    expect(defaultStores(lines, [shanghai], [])).toEqual([shanghai]);
    expect(defaultStores(lines, [], [])).toEqual([undefined]);
  });
});
