/** Certificates of analysis by item number; each lot gets a generated PDF. */
export interface CoaLotSeed {
  lot: string;
  /** YYYY-MM-DD */
  released: string;
  /** YYYY-MM-DD */
  expire: string;
  /** Certified purity in percent, e.g. 99.7 */
  purity: number;
  water: string;
}

export const coaSeeds: { number: string; lots: CoaLotSeed[] }[] = [
  {
    number: 'YF11001',
    lots: [
      { lot: '20250312', released: '2025-03-12', expire: '2028-03-11', purity: 99.8, water: '0.12%' },
      { lot: '20260108', released: '2026-01-08', expire: '2029-01-07', purity: 99.7, water: '0.15%' },
    ],
  },
  {
    number: 'YF16001',
    lots: [
      { lot: '20241120', released: '2024-11-20', expire: '2027-11-19', purity: 99.9, water: '0.08%' },
      { lot: '20250815', released: '2025-08-15', expire: '2028-08-14', purity: 99.8, water: '0.10%' },
    ],
  },
  {
    number: 'YF31001',
    lots: [{ lot: '20250506', released: '2025-05-06', expire: '2027-05-05', purity: 99.2, water: '0.05%' }],
  },
  {
    number: 'YF41001',
    lots: [
      { lot: '20240220', released: '2024-02-20', expire: '2026-02-19', purity: 99.1, water: '0.32%' },
      { lot: '20250918', released: '2025-09-18', expire: '2027-09-17', purity: 99.4, water: '0.28%' },
      { lot: '20260310', released: '2026-03-10', expire: '2028-03-09', purity: 99.3, water: '0.30%' },
    ],
  },
  {
    number: 'YF71001',
    lots: [{ lot: '20250628', released: '2025-06-28', expire: '2027-06-27', purity: 98.6, water: '0.85%' }],
  },
  {
    number: 'YF61013',
    lots: [
      { lot: '20250401', released: '2025-04-01', expire: '2028-03-31', purity: 99.5, water: '0.04%' },
      { lot: '20251105', released: '2025-11-05', expire: '2028-11-04', purity: 99.6, water: '0.03%' },
    ],
  },
  {
    number: 'YF81001',
    lots: [{ lot: '20260115', released: '2026-01-15', expire: '2028-01-14', purity: 99.95, water: '0.01%' }],
  },
  {
    number: 'SX24006',
    lots: [{ lot: '20250710', released: '2025-07-10', expire: '2028-07-09', purity: 99.7, water: '0.06%' }],
  },
  {
    number: 'YF25001',
    lots: [{ lot: '20260903', released: '2026-09-03', expire: '2027-09-02', purity: 98.9, water: '-' }],
  },
];
