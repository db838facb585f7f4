import { describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../seed/catalogue.ts';
import { casCorrections, isMistypedCas, isValidCas } from './cas.ts';
import {
  StructureError,
  countsOf,
  depictSvg,
  formulaWeight,
  hillFormula,
  inchiKeyOf,
  parseFormula,
  parseQueryFormula,
  parseStructure,
  readMolecule,
} from './index.ts';

const catalogue = buildCatalogue();
const SUBSTANCE_CATEGORIES = new Set([
  'drug',
  'food',
  'pesticide',
  'veterinary',
  'cosmetic',
  'environment',
  'natural',
  'reagent',
]);

const sorted = (counts: Map<string, number>) => hillFormula(counts);

describe('seed structures', () => {
  const withStructure = catalogue.filter((p) => p.smiles);

  it('gives every defined substance a structure and nothing else one', () => {
    expect(withStructure.length).toBeGreaterThan(400);
    for (const p of catalogue) {
      if (p.category === 'consumable' || p.category === 'instrument') {
        expect(p.smiles, p.nameEn).toBeNull();
      }
      // Proteins and polymers carry a weight text instead of a formula: no structure.
      if (!p.molecularFormula) expect(p.smiles, p.nameEn).toBeNull();
    }
    const missing = catalogue.filter(
      (p) => SUBSTANCE_CATEGORIES.has(p.category) && p.molecularFormula && !p.smiles,
    );
    expect(missing.map((p) => p.nameEn).sort()).toEqual([
      'Butylated hydroxyanisole',
      'Diisononyl phthalate',
      'Nisin',
    ]);
  });

  it('agrees with each product formula and weight', () => {
    const wrong: string[] = [];
    for (const p of withStructure) {
      const counts = countsOf(readMolecule(p.smiles ?? ''));
      const expected = parseFormula(p.molecularFormula);
      const weight = formulaWeight(counts);
      if (
        sorted(counts) !== sorted(expected) ||
        Math.abs(weight - Number(p.molecularWeight)) > 0.05
      ) {
        wrong.push(
          `${p.nameEn}: ${p.molecularFormula} ${p.molecularWeight} vs ${sorted(counts)} ${weight}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });

  it('stores the InChIKey of each structure', async () => {
    const wrong: string[] = [];
    for (const p of withStructure) {
      const key = await inchiKeyOf(p.smiles ?? '');
      if (key !== p.inchiKey) wrong.push(`${p.nameEn}: ${p.inchiKey} vs ${key}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('parseStructure', () => {
  it('reads a SMILES', async () => {
    const aspirin = await parseStructure('CC(=O)Oc1ccccc1C(=O)O');
    expect(aspirin).toMatchObject({
      inchiKey: 'BSYNRYMUTXBXSQ-UHFFFAOYSA-N',
      formula: 'C9H8O4',
      weight: 180.16,
    });
    expect(readMolecule(aspirin.smiles).getIDCode()).toBe(
      readMolecule('OC(=O)c1ccccc1OC(C)=O').getIDCode(),
    );
  });

  it('reads a molfile', async () => {
    const molfile = readMolecule('C[C@H](N)C(=O)O').toMolfile();
    const alanine = await parseStructure(molfile);
    expect(alanine).toMatchObject({
      inchiKey: 'QNAYBMKLOCPYGJ-REOHCLBHSA-N',
      formula: 'C3H7NO2',
      weight: 89.09,
    });
  });

  it('keeps salts as separate ions in the formula', async () => {
    const benzoate = await parseStructure('[Na+].[O-]C(=O)c1ccccc1');
    expect(benzoate.formula).toBe('C7H5NaO2');
    expect(benzoate.inchiKey).toBe('WXMKPNITSTVMEF-UHFFFAOYSA-M');
  });

  it('rejects what is not a structure', async () => {
    await expect(parseStructure('not a molecule((')).rejects.toBeInstanceOf(StructureError);
    await expect(parseStructure('   ')).rejects.toBeInstanceOf(StructureError);
  });
});

describe('formulas', () => {
  it('reads catalogue formulas with adducts and hydrates', () => {
    expect(hillFormula(parseFormula('C4H11N5·HCl'))).toBe('C4H12ClN5');
    expect(hillFormula(parseFormula('(C22H24N2O8·HCl)2·C2H6O·H2O'))).toBe('C46H58Cl2N4O18');
    expect(hillFormula(parseFormula('Na2HPO4·12H2O'))).toBe('H25Na2O16P');
  });

  it('reads what buyers type, in any case and order', () => {
    const aspirin = 'C9H8O4';
    for (const typed of ['C9H8O4', 'c9h8o4', 'H8C9O4', 'o4c9h8', 'C9 H8 O4'.replace(/ /g, '')]) {
      const counts = parseQueryFormula(typed);
      expect(counts && hillFormula(counts), typed).toBe(aspirin);
    }
    expect(hillFormula(parseQueryFormula('c6h5cl') ?? new Map<string, number>())).toBe('C6H5Cl');
    expect(hillFormula(parseQueryFormula('cacl2') ?? new Map<string, number>())).toBe('CaCl2');
    expect(parseQueryFormula('HPLC')).toBeNull();
    expect(parseQueryFormula('67-56-1')).toBeNull();
    expect(parseQueryFormula('YF11001')).toBeNull();
  });
});

/** Atoms and bonds of a depiction, read from its SVG. */
function readSvg(svg: string) {
  const atoms = svg.match(/:Atom:\d+"/g)?.length ?? 0;
  const bonds = svg.match(/:Bond:\d+"/g)?.length ?? 0;
  const strokes = svg.match(/<line (?!id=)[^>]*stroke="rgb/g)?.length ?? 0;
  const labels = [...svg.matchAll(/<text [^>]*>([^<]+)<\/text>/g)].map((m) => m[1]);
  return { atoms, bonds, strokes, labels };
}

describe('depictions', () => {
  it('draws aspirin with its benzene ring, ester and acid', () => {
    const svg = depictSvg('CC(=O)Oc1ccccc1C(=O)O');
    const drawn = readSvg(svg);
    expect(drawn.atoms).toBe(13);
    expect(drawn.bonds).toBe(13);
    // Three ring double bonds and two carbonyls are drawn with two strokes each.
    expect(drawn.strokes).toBe(13 + 5);
    expect(drawn.labels.filter((l) => l === 'O' || l === 'OH').length).toBe(4);
  });

  it('draws caffeine as a purine with three N-methyls', () => {
    const drawn = readSvg(depictSvg('Cn1cnc2c1c(=O)n(C)c(=O)n2C'));
    expect(drawn.atoms).toBe(14);
    expect(drawn.bonds).toBe(15);
    expect(drawn.strokes).toBe(15 + 4);
    expect(drawn.labels.filter((l) => l === 'N').length).toBe(4);
    expect(drawn.labels.filter((l) => l === 'O').length).toBe(2);
  });

  it('draws sodium benzoate as two ions with their charges', () => {
    const drawn = readSvg(depictSvg('[Na+].[O-]C(=O)c1ccccc1'));
    expect(drawn.atoms).toBe(10);
    // Na+ has no bond: 9 atoms of benzoate with 9 bonds.
    expect(drawn.bonds).toBe(9);
    expect(drawn.labels).toEqual(expect.arrayContaining(['Na', '+', 'O', '-']));
  });
});

describe('CAS corrections', () => {
  it('knows a mistyped CAS by its check digit', () => {
    expect(isValidCas('50-78-2')).toBe(true);
    expect(isMistypedCas('50-78-3')).toBe(true);
    expect(isMistypedCas('50-78-2')).toBe(false);
    expect(isMistypedCas('阿司匹林')).toBe(false);
  });

  it('lists valid numbers one digit or one neighbour swap away', () => {
    const near = casCorrections('50-87-2');
    expect(near).toContain('50782');
    expect(
      near.every((d) => isValidCas(`${d.slice(0, -3)}-${d.slice(-3, -1)}-${d.slice(-1)}`)),
    ).toBe(true);
    expect(casCorrections('50-78-3')).toContain('50782');
  });
});
