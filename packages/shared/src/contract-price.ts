/**
 * Which price a line pays (docs/contract-prices-credit.md, "Which price a line pays"). Amounts
 * are integer fen; times epoch ms. Pure so the server applies one rule wherever it prices a
 * line (cart, confirm, placing, quotes, quick order) and tests can check it alone.
 */
export type PriceSource = 'member' | 'contract' | 'quote';

/** One tier of a price list for one pack: from `minQuantity` on, the list's `price`. */
export interface ContractTier {
  listId: number;
  price: number;
  minQuantity: number;
  validFrom: number;
  validUntil: number;
}

export interface PriceInput {
  /** The member price of the pack, in fen. */
  memberPrice: number;
  quantity: number;
  now: number;
  /** The tiers of the lists of the organization the order is for; [] when none is named. */
  tiers: readonly ContractTier[];
  /** An accepted quote's price for the line: it was agreed for this order and wins. */
  quotePrice?: number | null;
}

export interface ResolvedPrice {
  price: number;
  source: PriceSource;
  /** The list whose tier was used, when the source is `contract`. */
  listId: number | null;
}

/** A list counts from its first millisecond to its last: validUntil is inclusive. */
export function tierInForce(tier: ContractTier, now: number): boolean {
  return tier.validFrom <= now && now <= tier.validUntil;
}

/**
 * The contract price of a quantity: of the tiers in force, the highest one the quantity reaches
 * on each list, and of those the lowest price (two lists for one organization never make it pay
 * more). Null when no tier applies.
 */
export function contractPriceFor(
  tiers: readonly ContractTier[],
  quantity: number,
  now: number,
): { price: number; listId: number } | null {
  const reached = new Map<number, ContractTier>();
  for (const tier of tiers) {
    if (!tierInForce(tier, now) || quantity < tier.minQuantity) continue;
    const held = reached.get(tier.listId);
    if (!held || tier.minQuantity > held.minQuantity) reached.set(tier.listId, tier);
  }
  let best: { price: number; listId: number } | null = null;
  for (const tier of reached.values()) {
    if (!best || tier.price < best.price) best = { price: tier.price, listId: tier.listId };
  }
  return best;
}

/** The price a line pays: a quote's, else the contract price when below the member price. */
export function resolvePrice(input: PriceInput): ResolvedPrice {
  if (input.quotePrice !== undefined && input.quotePrice !== null) {
    return { price: input.quotePrice, source: 'quote', listId: null };
  }
  const contract = contractPriceFor(input.tiers, input.quantity, input.now);
  if (contract && contract.price < input.memberPrice) {
    return { price: contract.price, source: 'contract', listId: contract.listId };
  }
  return { price: input.memberPrice, source: 'member', listId: null };
}
