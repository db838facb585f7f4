import { describe, expect, it } from 'vitest';
import { buildCatalogue } from './catalogue.ts';
import { isValidCas, molecularWeight } from './chem.ts';
import { categoryTree } from './data/categories.ts';
import { coaSeeds } from './data/coa.ts';

const catalogue = buildCatalogue();
const stockTotal = (m: { stocks: { count: number }[] }) =>
  m.stocks.reduce((s, x) => s + x.count, 0);

describe('demo catalogue data', () => {
  it('has at least 300 products with unique item numbers of brand prefix and digits', () => {
    expect(catalogue.length).toBeGreaterThanOrEqual(300);
    const numbers = catalogue.map((p) => p.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const n of numbers) expect(n).toMatch(/^(YF|SX|LP|CW|LK)\d{5}$/);
  });

  it('gives every CAS number a valid check digit, each substance once', () => {
    const withCas = catalogue.filter((p) => p.cas !== '');
    expect(withCas.length).toBeGreaterThanOrEqual(300);
    for (const p of withCas) expect(isValidCas(p.cas), `${p.name} ${p.cas}`).toBe(true);
    expect(new Set(withCas.map((p) => p.cas)).size).toBe(withCas.length);
    expect(new Set(catalogue.map((p) => p.name)).size).toBe(catalogue.length);
  });

  it('states molecular weights that match the formulas', () => {
    for (const p of catalogue.filter((x) => x.molecularFormula !== '')) {
      expect(p.molecularWeight, p.name).toBe(molecularWeight(p.molecularFormula).toFixed(2));
    }
  });

  it('fills the texts the pages show', () => {
    for (const p of catalogue) {
      expect(p.name, p.number).not.toBe('');
      expect(p.nameEn, p.number).not.toBe('');
      expect(p.summary, p.number).toMatch(/^[^。]+。$/);
      expect(p.introduction, p.number).not.toBe('');
      expect(p.control, p.number).not.toBe('');
    }
  });

  it('spreads products over every category that holds products', () => {
    const holders = new Set<string>();
    const walk = (nodes: typeof categoryTree) => {
      for (const n of nodes) {
        if (n.holds) holders.add(n.holds);
        if (n.children) walk(n.children);
      }
    };
    walk(categoryTree);
    expect(holders.size).toBe(11);
    for (const key of holders) {
      expect(catalogue.filter((p) => p.category === key).length, key).toBeGreaterThanOrEqual(10);
    }
  });

  it('has 1-4 packs per product, market prices, and some packs without member price', () => {
    for (const p of catalogue) {
      expect(p.materials.length, p.number).toBeGreaterThanOrEqual(1);
      expect(p.materials.length, p.number).toBeLessThanOrEqual(4);
      for (const m of p.materials) {
        expect(m.price, p.number).toBeGreaterThan(0);
        if (m.userPrice !== null) expect(m.userPrice).toBeLessThan(m.price ?? 0);
        expect(m.stocks.length).toBeGreaterThanOrEqual(2);
        expect(m.stocks.length).toBeLessThanOrEqual(3);
      }
    }
    const materials = catalogue.flatMap((p) => p.materials);
    expect(materials.filter((m) => m.userPrice === null).length).toBeGreaterThan(5);
    expect(
      catalogue.filter((p) => p.materials.every((m) => m.userPrice === null)).length,
    ).toBeGreaterThan(3);
  });

  it('has stock levels of zero, under 50 and 50 or more', () => {
    const totals = catalogue.flatMap((p) => p.materials.map(stockTotal));
    expect(totals.filter((t) => t === 0).length).toBeGreaterThan(20);
    expect(totals.filter((t) => t > 0 && t < 50).length).toBeGreaterThan(20);
    expect(totals.filter((t) => t >= 50).length).toBeGreaterThan(20);
  });

  it('tags at least 10 hot and 10 new products and relates products within their group', () => {
    expect(catalogue.filter((p) => p.isHot).length).toBeGreaterThanOrEqual(10);
    expect(catalogue.filter((p) => p.isNew).length).toBeGreaterThanOrEqual(10);
    const byNumber = new Map(catalogue.map((p) => [p.number, p]));
    for (const p of catalogue) {
      expect(p.related).not.toContain(p.number);
      for (const r of p.related) expect(byNumber.get(r)?.group).toBe(p.group);
    }
  });

  it('is the same on every build', () => {
    expect(buildCatalogue()).toEqual(catalogue);
  });

  it('has certificates only for real item numbers', () => {
    const numbers = new Set(catalogue.map((p) => p.number));
    expect(coaSeeds.length).toBeGreaterThanOrEqual(6);
    for (const c of coaSeeds) {
      expect(numbers.has(c.number), c.number).toBe(true);
      expect(c.lots.length).toBeGreaterThanOrEqual(1);
      expect(c.lots.length).toBeLessThanOrEqual(3);
    }
  });
});
