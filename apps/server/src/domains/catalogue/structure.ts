import { formulaMismatchMessage, type ParsedStructure as Parsed } from '@labshop/shared/schemas';
import { badRequest } from '../../lib/errors.ts';
import { hillFormula, parseFormula, parseStructure, StructureError } from '../chemistry/index.ts';

export const MSG_BAD_STRUCTURE = '无法识别的结构式，请检查SMILES或Mol文件';

/**
 * Whether a formula typed on the product form has the structure's atoms. Both are compared in
 * Hill order, so `H2O·C7H6O2` matches a hydrate drawn as two parts; a formula that cannot be
 * read does not match.
 */
function agrees(entered: string, structureFormula: string): boolean {
  try {
    return hillFormula(parseFormula(entered)) === structureFormula;
  } catch {
    return false;
  }
}

/**
 * Reads a SMILES or molfile entered with a product (see docs/catalogue.md): its canonical SMILES,
 * InChIKey, formula and weight, and whether the formula entered beside it agrees. A structure the
 * chemistry library cannot read answers 400 with a Chinese message.
 */
export async function readStructure(structure: string, formula: string): Promise<Parsed> {
  try {
    const parsed = await parseStructure(structure);
    return { ...parsed, formulaAgrees: formula ? agrees(formula, parsed.formula) : null };
  } catch (err) {
    if (err instanceof StructureError) throw badRequest(MSG_BAD_STRUCTURE);
    throw err;
  }
}

/**
 * The structure columns of a product write: '' removes the structure; a structure fills an empty
 * formula and weight, and one whose formula disagrees with the entered formula is refused.
 */
export async function structureColumns(input: {
  smiles?: string | undefined;
  molecularFormula: string;
  molecularWeight: string;
}) {
  if (input.smiles === undefined) return {};
  if (input.smiles.trim() === '') return { smiles: null, inchiKey: null };
  const s = await readStructure(input.smiles, input.molecularFormula);
  if (s.formulaAgrees === false) throw badRequest(formulaMismatchMessage(s.formula));
  return {
    smiles: s.smiles,
    inchiKey: s.inchiKey,
    molecularFormula: input.molecularFormula || s.formula,
    molecularWeight: input.molecularWeight || s.weight.toFixed(2),
  };
}
