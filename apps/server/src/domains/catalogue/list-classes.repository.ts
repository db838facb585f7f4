import type { Db } from '../../db/database.ts';

/** Products whose CAS or solute CAS is one of `cas`, or whose name is one of `names`. */
export function productsOnLists(db: Db, cas: readonly string[], names: readonly string[]) {
  return db
    .selectFrom('products')
    .select([
      'id',
      'name',
      'cas',
      'soluteCas',
      'control',
      'regulationCategory',
      'regulationCategories',
      'regulationReason',
    ])
    .where((eb) =>
      eb.or([eb('cas', 'in', cas), eb('soluteCas', 'in', cas), eb('name', 'in', names)]),
    )
    .execute();
}

export async function setClasses(
  db: Db,
  id: number,
  values: {
    regulationCategory: string | null;
    regulationCategories: string;
    regulationReason: string;
    control: string;
  },
): Promise<void> {
  await db.updateTable('products').set(values).where('id', '=', id).execute();
}
