import { beforeAll, describe, expect, it } from 'vitest';
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
import {
  depictionLayout,
  layoutFlaws,
  prepareDepictions,
  withoutInteractiveLayer,
} from './depiction.ts';

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

/** The strokes and atom labels of a depiction, read from its SVG. */
function readSvg(svg: string) {
  const strokes = svg.match(/<line [^>]*stroke="rgb/g)?.length ?? 0;
  const labels = [...svg.matchAll(/<text [^>]*>([^<]+)<\/text>/g)].map((m) => m[1]);
  // OpenChemLib's invisible layer for pointer events: one element per atom and per bond.
  const interactive = svg.match(/class="event"|pointer-events/g)?.length ?? 0;
  return { strokes, labels, interactive };
}

describe('depictions', () => {
  beforeAll(prepareDepictions);

  it('draws aspirin with its benzene ring, ester and acid', () => {
    const drawn = readSvg(depictSvg('CC(=O)Oc1ccccc1C(=O)O'));
    // 13 bonds; three ring double bonds and two carbonyls are drawn with two strokes each.
    expect(drawn.strokes).toBe(13 + 5);
    expect(drawn.labels.filter((l) => l === 'O' || l === 'OH').length).toBe(4);
    expect(drawn.interactive).toBe(0);
  });

  it('draws caffeine as a purine with three N-methyls', () => {
    const drawn = readSvg(depictSvg('Cn1cnc2c1c(=O)n(C)c(=O)n2C'));
    // 15 bonds, four of them double.
    expect(drawn.strokes).toBe(15 + 4);
    expect(drawn.labels.filter((l) => l === 'N').length).toBe(4);
    expect(drawn.labels.filter((l) => l === 'O').length).toBe(2);
    expect(drawn.interactive).toBe(0);
  });

  it('draws sodium benzoate as two ions with their charges', () => {
    const drawn = readSvg(depictSvg('[Na+].[O-]C(=O)c1ccccc1'));
    // Na+ has no bond: the benzoate's 9 bonds, its ring's three double bonds and the carbonyl
    // drawn with two strokes each.
    expect(drawn.strokes).toBe(9 + 4);
    expect(drawn.labels).toEqual(expect.arrayContaining(['Na', '+', 'O', '-']));
  });
});

describe('layouts of polycyclic structures', () => {
  beforeAll(prepareDepictions);
  const smilesOf = (name: string) => {
    const smiles = catalogue.find((p) => p.name === name)?.smiles;
    if (!smiles) throw new Error(`no structure for ${name}`);
    return smiles;
  };

  // Fused, bridged and macrocyclic ring systems of the catalogue that OpenChemLib alone drew
  // with crossing bonds (士的宁 with four): each is drawn with none, and no atoms on top of others.
  const polycyclic = [
    '士的宁',
    '青蒿素',
    '红霉素',
    '阿奇霉素',
    '熊果酸',
    '齐墩果酸',
    '甘草酸',
    '硝苯地平',
  ];

  it.each(polycyclic)('%s is drawn without crossing bonds', (name) => {
    expect(layoutFlaws(depictionLayout(smilesOf(name)))).toEqual({ crossings: 0, crowded: 0 });
  });

  it.each(polycyclic)('%s keeps its stereo on the layout it is drawn with', (name) => {
    const drawn = depictionLayout(smilesOf(name));
    // A molfile carries the drawing's coordinates and wedges: read back, it is the structure.
    expect(readMolecule(drawn.toMolfile()).getIDCode()).toBe(
      readMolecule(smilesOf(name)).getIDCode(),
    );
  });

  it('counts crossing bonds and crowded atoms of a layout', () => {
    // A square drawn as a bow tie: its two diagonals cross.
    const bowTie = readMolecule('C1CCC1');
    [
      [0, 0],
      [1, 1],
      [1, 0],
      [0, 1],
    ].forEach(([x, y], i) => {
      bowTie.setAtomX(i, x!);
      bowTie.setAtomY(i, y!);
    });
    expect(layoutFlaws(bowTie)).toEqual({ crossings: 1, crowded: 0 });
    bowTie.setAtomX(3, 1);
    bowTie.setAtomY(3, 0.05);
    expect(layoutFlaws(bowTie).crowded).toBe(1);
  });
});

describe('the picture without its interactive layer', () => {
  // The start of OpenChemLib's drawing of benzoic acid, as it draws it.
  const drawing = [
    '<svg id="s1" xmlns="http://www.w3.org/2000/svg" version="1.1" width="480px" height="385px" viewBox="101 91 480 385">',
    '  <style> #s1 text {font-family: sans-serif;} #s1 { pointer-events:none; } #s1 .event  { pointer-events:all; } #s1 line { stroke-linecap:round; } #s1 polygon { stroke-linejoin:round; } </style>',
    '  <text x="447.53" y="322" stroke="none" font-size="66" fill="rgb(255,13,13)">O</text>',
    '  <line x1="394.1" y1="254.33" x2="394.1" y2="183" stroke="rgb(0,0,0)" stroke-width="6" />',
    '  <polygon points="1,2 3,4 5,6" fill="rgb(0,0,0)" />',
    '  <line id="s1:Bond:1" class="event" x1="386.6" y1="250" x2="386.6" y2="150" stroke-width="8" opacity="0" />',
    '  <circle id="s1:Atom:0" class="event" cx="473.21" cy="300" r="8" opacity="0" />',
    '</svg>',
  ].join('\n');

  it('keeps every visible element and style, and drops the invisible ones', () => {
    expect(withoutInteractiveLayer(drawing).split('\n')).toEqual([
      '<svg id="s1" xmlns="http://www.w3.org/2000/svg" version="1.1" width="480px" height="385px" viewBox="101 91 480 385">',
      '  <style> #s1 text {font-family: sans-serif;} #s1 line { stroke-linecap:round; } #s1 polygon { stroke-linejoin:round; } </style>',
      '  <text x="447.53" y="322" stroke="none" font-size="66" fill="rgb(255,13,13)">O</text>',
      '  <line x1="394.1" y1="254.33" x2="394.1" y2="183" stroke="rgb(0,0,0)" stroke-width="6" />',
      '  <polygon points="1,2 3,4 5,6" fill="rgb(0,0,0)" />',
      '</svg>',
    ]);
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
