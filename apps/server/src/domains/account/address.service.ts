import type { Address, Region } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { MAX_ADDRESSES } from './account.rules.ts';
import * as repo from './address.repository.ts';

export const ADDRESS_NOT_FOUND = '收货地址不存在';

export interface AddressInput {
  name: string;
  phone: string;
  region: Region;
  address: string;
  isDefault?: boolean | undefined;
}

function toAddress(row: repo.AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    region: row.region,
    address: row.address,
    isDefault: row.isDefault === 1,
  };
}

/** Only the known region levels are kept, in a fixed order. */
function regionText({ province, city, area, town }: Region): string {
  const pick = (l: { key: string; value: string }) => ({ key: l.key, value: l.value });
  return JSON.stringify({
    province: pick(province),
    city: pick(city),
    area: pick(area),
    ...(town ? { town: pick(town) } : {}),
  });
}

const fieldsOf = (input: AddressInput): repo.AddressFields => ({
  name: input.name,
  phone: input.phone,
  region: regionText(input.region),
  address: input.address,
});

export async function listAddresses(db: Db, userId: number): Promise<Address[]> {
  return (await repo.listAddresses(db, userId)).map(toAddress);
}

/** Adds an address; the first one, or one ticked as default, becomes the only default. */
export async function createAddress(db: Db, userId: number, input: AddressInput): Promise<Address> {
  return db.transaction().execute(async (trx) => {
    await repo.lockMember(trx, userId);
    const count = await repo.countAddresses(trx, userId);
    if (count >= MAX_ADDRESSES) throw badRequest(`收货地址最多保存 ${MAX_ADDRESSES} 个`);
    const isDefault = input.isDefault === true || count === 0;
    const t = now();
    const row = await repo.insertAddress(trx, userId, fieldsOf(input), isDefault, t);
    if (isDefault) await repo.clearDefault(trx, userId, row.id, t);
    return toAddress(row);
  });
}

/** Edits one of the member's addresses; isDefault omitted keeps the flag as it was. */
export async function updateAddress(
  db: Db,
  userId: number,
  id: number,
  input: AddressInput,
): Promise<Address> {
  return db.transaction().execute(async (trx) => {
    await repo.lockMember(trx, userId);
    if (!(await repo.findAddress(trx, userId, id))) throw notFound(ADDRESS_NOT_FOUND);
    const t = now();
    await repo.updateAddress(
      trx,
      userId,
      id,
      { ...fieldsOf(input), isDefault: input.isDefault },
      t,
    );
    if (input.isDefault === true) await repo.clearDefault(trx, userId, id, t);
    const row = await repo.findAddress(trx, userId, id);
    if (!row) throw notFound(ADDRESS_NOT_FOUND);
    return toAddress(row);
  });
}

/** Deletes one address; when it was the default, the newest remaining one takes over. */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await repo.lockMember(trx, userId);
    const row = await repo.findAddress(trx, userId, id);
    if (!row) throw notFound(ADDRESS_NOT_FOUND);
    await repo.deleteAddress(trx, userId, id);
    if (row.isDefault !== 1) return;
    const next = await repo.newestAddressId(trx, userId);
    if (next !== undefined) await repo.markDefault(trx, userId, next, now());
  });
}

export async function setDefaultAddress(db: Db, userId: number, id: number): Promise<Address> {
  return db.transaction().execute(async (trx) => {
    await repo.lockMember(trx, userId);
    const row = await repo.findAddress(trx, userId, id);
    if (!row) throw notFound(ADDRESS_NOT_FOUND);
    const t = now();
    await repo.markDefault(trx, userId, id, t);
    await repo.clearDefault(trx, userId, id, t);
    return { ...toAddress(row), isDefault: true };
  });
}
