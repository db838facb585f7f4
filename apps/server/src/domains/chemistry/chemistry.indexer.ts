import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, NewRow } from '../../db/schema.ts';
import * as repo from './chemistry.repository.ts';
import { formulaWeight, hillFormula, parseFormula } from './formula.ts';
import { searchFactsOf, type StructureFacts } from './structure.ts';

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
 * the idcode of its structure with that structure's fingerprint. A structure the library cannot
 * read is left out of structure search rather than failing the catalogue write.
 */
export function chemistryOf(p: ProductChemistry): {
  row: NewRow<'productStructures'>;
  structure: StructureFacts | null;
} {
  let weight: number | null = null;
  try {
    weight = p.molecularFormula ? formulaWeight(parseFormula(p.molecularFormula)) : null;
  } catch {
    weight = null;
  }
  let structure: StructureFacts | null = null;
  if (p.smiles) {
    try {
      structure = searchFactsOf(p.smiles);
    } catch {
      structure = null;
    }
  }
  const row = {
    productId: p.id,
    hill: hillOf(p.molecularFormula),
    hillMain: hillOf(mainPart(p.molecularFormula)),
    weight,
    idcode: structure?.idcode ?? null,
  };
  return { row, structure };
}

/** Writes the products' structure rows and the fingerprints of structures not stored yet. */
async function writeChemistry(trx: Q, products: readonly ProductChemistry[]): Promise<void> {
  const written = products.map(chemistryOf);
  const fingerprints = new Map<string, StructureFacts>();
  for (const { structure } of written) if (structure) fingerprints.set(structure.idcode, structure);
  await repo.insertStructures(
    trx,
    written.map((w) => w.row),
  );
  await repo.insertFingerprints(trx, [...fingerprints.values()]);
}

/** Recomputes the chemistry of every product (part of a full search index rebuild). */
export async function rebuildStructures(trx: Q): Promise<void> {
  // The version first: its row lock orders this rebuild with every other structure write.
  await repo.bumpStructureVersion(trx, randomUUID());
  await repo.bumpStructureEpoch(trx, randomUUID());
  await repo.clearStructures(trx);
  await repo.clearChanges(trx);
  for (let after = 0; ;) {
    const products = await repo.listProductChemistry(trx, after, BATCH);
    const last = products.at(-1);
    if (!last) break;
    await writeChemistry(trx, products);
    after = last.id;
  }
  await repo.pruneFingerprints(trx);
}

/**
 * Recomputes the chemistry of the given products after they were written or deleted, and records
 * them as changed so that every instance's screen applies just these.
 */
export async function indexStructures(trx: Q, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  // The version first: its row lock makes concurrent writers record their changes in the order
  // they commit, so a screen that has read change n has every change before it.
  await repo.bumpStructureVersion(trx, randomUUID());
  const products = await repo.findProductChemistry(trx, productIds);
  await repo.deleteStructures(trx, productIds);
  await writeChemistry(trx, products);
  await repo.insertChanges(trx, productIds);
}
