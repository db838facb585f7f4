import * as OCL from 'openchemlib';
import { formulaWeight, hillFormula, parseFormula, type ElementCounts } from './formula.ts';
import { inchiKeyOf } from './inchi.ts';

/**
 * Structures on OpenChemLib: reading SMILES and molfiles, formula and weight, the 512-bit
 * fragment index used to screen substructure searches (depictions: depiction.ts).
 */

export interface ParsedStructure {
  /** Canonical isomeric SMILES. */
  smiles: string;
  inchiKey: string;
  /** Hill formula of the whole structure, ions and solvates included (`C7H5NaO2`). */
  formula: string;
  /** Average molecular weight, two decimals. */
  weight: number;
}

export class StructureError extends Error {}

const isMolfile = (text: string) => text.includes('\n') && /M {2}END/.test(text);

/** Reads a SMILES or a molfile (V2000 or V3000). Throws StructureError when it is neither. */
export function readMolecule(input: string): OCL.Molecule {
  const text = input.trim();
  if (!text) throw new StructureError('empty structure');
  let mol: OCL.Molecule;
  try {
    mol = isMolfile(input) ? OCL.Molecule.fromMolfile(input) : OCL.Molecule.fromSmiles(text);
  } catch {
    throw new StructureError('unreadable structure');
  }
  if (mol.getAllAtoms() === 0) throw new StructureError('empty structure');
  return mol;
}

/** Element counts of a molecule, implicit hydrogens included. */
export function countsOf(mol: OCL.Molecule): ElementCounts {
  return parseFormula(mol.getMolecularFormula().formula);
}

/** SMILES or molfile -> canonical SMILES, InChIKey, Hill formula and weight. */
export async function parseStructure(input: string): Promise<ParsedStructure> {
  const mol = readMolecule(input);
  const counts = countsOf(mol);
  const smiles = mol.toIsomericSmiles();
  const inchiKey = await inchiKeyOf(isMolfile(input) ? input : input.trim());
  if (!inchiKey) throw new StructureError('no InChI for structure');
  return { smiles, inchiKey, formula: hillFormula(counts), weight: formulaWeight(counts) };
}

/** The 512-bit fragment index of a molecule as 128 hex digits. */
export function fragmentIndexHex(mol: OCL.Molecule): string {
  return OCL.SSSearcherWithIndex.getHexStringFromIndex(mol.getIndex());
}

export const indexFromHex = (hex: string): number[] =>
  OCL.SSSearcherWithIndex.getIndexFromHexString(hex);

/** Computing a fragment index runs 512 substructure matches: recent results are kept. */
const FACTS_MEMO_MAX = 5000;
const factsMemo = new Map<string, { idcode: string; index: string }>();

/** What the search keeps per structure: an idcode to match exactly and the screening index. */
export function searchFactsOf(smiles: string): { idcode: string; index: string } {
  const known = factsMemo.get(smiles);
  if (known) return known;
  const mol = readMolecule(smiles);
  const facts = { idcode: mol.getIDCode(), index: fragmentIndexHex(mol) };
  if (factsMemo.size >= FACTS_MEMO_MAX) factsMemo.clear();
  factsMemo.set(smiles, facts);
  return facts;
}
