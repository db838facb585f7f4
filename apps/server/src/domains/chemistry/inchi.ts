import { loadRdkit } from './rdkit.ts';

/**
 * Standard InChIKeys. OpenChemLib has no InChI generator in JavaScript, so the InChI reference
 * algorithm comes from RDKit's WebAssembly build, loaded once on first use.
 */

/** InChIKey of a SMILES or molfile; null when RDKit cannot read it or InChI rejects it. */
export async function inchiKeyOf(structure: string): Promise<string | null> {
  const lib = await loadRdkit();
  const mol = lib.get_mol(structure);
  if (!mol) return null;
  try {
    if (!mol.is_valid()) return null;
    const inchi = mol.get_inchi();
    const key = inchi ? lib.get_inchikey_for_inchi(inchi) : '';
    return /^[A-Z]{14}-[A-Z]{10}-[A-Z]$/.test(key) ? key : null;
  } finally {
    mol.delete();
  }
}
