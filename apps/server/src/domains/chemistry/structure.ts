import * as OCL from 'openchemlib';
import { fingerprintBytes, fingerprintOf } from './fingerprint.ts';
import { formulaWeight, hillFormula, parseFormula, type ElementCounts } from './formula.ts';
import { inchiKeyOf } from './inchi.ts';

/**
 * Structures on OpenChemLib: reading SMILES and molfiles, formula and weight, the idcode and
 * fingerprint kept for structure search (fingerprint.ts; depictions: depiction.ts).
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

/** Reading a SMILES costs about a millisecond: recent results are kept (an import repeats them). */
const FACTS_MEMO_MAX = 5000;
const factsMemo = new Map<string, StructureFacts>();

/** What the search keeps per structure: an idcode to match exactly and the screening fingerprint. */
export interface StructureFacts {
  idcode: string;
  fingerprint: Uint8Array;
}

export function searchFactsOf(smiles: string): StructureFacts {
  const known = factsMemo.get(smiles);
  if (known) return known;
  const mol = readMolecule(smiles);
  const facts = { idcode: mol.getIDCode(), fingerprint: fingerprintBytes(fingerprintOf(mol)) };
  if (factsMemo.size >= FACTS_MEMO_MAX) factsMemo.clear();
  factsMemo.set(smiles, facts);
  return facts;
}
