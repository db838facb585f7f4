import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, NewRow } from '../../db/schema.ts';
import * as repo from './chemistry.repository.ts';
import { formulaWeight, hillFormula, parseFormula } from './formula.ts';
import { searchFactsOf } from './structure.ts';

type Q = Kysely<Database>;

const BATCH = 500;

interface ProductChemistry {
  id: number;
  smiles: string | null;
  molecularFormula: string;
}

const hillOf = (text: string): string => {
  try {
    return hillFormula(parseFormula(text));
  } catch {
    return '';
  }
};

/** The first top-level part of `A·B·C`, unwrapped from `(X)n`: the substance without its salt. */
function mainPart(formula: string): string {
  let depth = 0;
  let end = formula.length;
  for (let i = 0; i < formula.length; i++) {
    const ch = formula[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === '·' && depth === 0) {
      end = i;
      break;
    }
  }
  const first = formula.slice(0, end);
  const wrapped = /^\((.*)\)\d*$/.exec(first);
  return wrapped?.[1] ? mainPart(wrapped[1]) : first;
}

/**
 * The searchable chemistry of a product: formulas from its catalogue formula text (whole, and the
 * first part before '·', i.e. without the acid or water of a salt or hydrate), its weight, and
 * the idcode and fragment index of its structure. A structure the library cannot read is left out
 * of structure search rather than failing the catalogue write.
 */
export function chemistryRow(p: ProductChemistry): NewRow<'productStructures'> {
  let weight: number | null = null;
  try {
    weight = p.molecularFormula ? formulaWeight(parseFormula(p.molecularFormula)) : null;
  } catch {
    weight = null;
  }
  let facts: { idcode: string; index: string } | null = null;
  if (p.smiles) {
    try {
      facts = searchFactsOf(p.smiles);
    } catch {
      facts = null;
    }
  }
  return {
    productId: p.id,
    hill: hillOf(p.molecularFormula),
    hillMain: hillOf(mainPart(p.molecularFormula)),
    weight,
    idcode: facts?.idcode ?? null,
    fragmentIndex: facts?.index ?? null,
  };
}

/** Recomputes the chemistry of every product (part of a full search index rebuild). */
export async function rebuildStructures(trx: Q): Promise<void> {
  await repo.clearStructures(trx);
  for (let after = 0; ;) {
    const products = await repo.listProductChemistry(trx, after, BATCH);
    const last = products.at(-1);
    if (!last) break;
    await repo.insertStructures(trx, products.map(chemistryRow));
    after = last.id;
  }
  await repo.bumpStructureVersion(trx, randomUUID());
}

/** Recomputes the chemistry of the given products after they were written or deleted. */
export async function indexStructures(trx: Q, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  const products = await repo.findProductChemistry(trx, productIds);
  await repo.deleteStructures(trx, productIds);
  await repo.insertStructures(trx, products.map(chemistryRow));
  await repo.bumpStructureVersion(trx, randomUUID());
}
