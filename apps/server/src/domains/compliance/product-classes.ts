import { REGULATION_LABEL, sortCategories, type RegulationCategory } from '@labshop/shared';
import type { RegulationInput } from '@labshop/shared/schemas';
import { badRequest } from '../../lib/errors.ts';
import { listedCategories, lookUp, type ListMatch } from './lists/index.ts';

/*
 * A product's classes from the reference lists (docs/compliance.md section 2): saving or
 * importing a product looks its CAS (and its solute's) up, and the classes the lists give are set
 * unless staff recorded why the product carries fewer. Unconfirmed entries (U) count as the
 * stricter class they name until such a reason (the clearing source) is recorded.
 */

export interface StoredClasses {
  categories: RegulationCategory[];
  reason: string;
}

export interface ResolvedClasses {
  categories: RegulationCategory[];
  /** The classes the lists give. */
  listed: RegulationCategory[];
  matches: ListMatch[];
  /** Listed classes the product does not carry. */
  lowered: RegulationCategory[];
  /** Why it carries fewer; '' when it carries every listed class. */
  reason: string;
}

const minus = (a: readonly RegulationCategory[], b: readonly RegulationCategory[]) =>
  a.filter((c) => !b.includes(c));
const sameSet = (a: readonly RegulationCategory[], b: readonly RegulationCategory[]) =>
  a.length === b.length && a.every((c) => b.includes(c));

/**
 * The classes a product write ends with.
 * - `categories` sent (the console form): exactly those; leaving out a listed class needs a
 *   reason, refused in Chinese without one (the reason already stored counts while the same
 *   classes stay left out).
 * - only `category` sent (older clients), or neither (the form with its classes untouched, an
 *   import with or without 管控类别): the class sent, else the classes asked for or stored, plus
 *   every listed class, except listed classes a stored reason still leaves out.
 */
export function resolveClasses(args: {
  name: string;
  cas: string;
  soluteCas: string;
  input: RegulationInput | undefined;
  stored: StoredClasses | null;
  /** Without `input`: the classes asked for (an import's 管控类别), else the stored ones. */
  asked?: readonly RegulationCategory[];
}): ResolvedClasses {
  const matches = lookUp({ cas: args.cas, soluteCas: args.soluteCas, name: args.name });
  const listed = listedCategories(matches);
  const stored = args.stored;
  const done = (categories: RegulationCategory[], reason: string): ResolvedClasses => {
    const sorted = sortCategories(categories);
    const lowered = minus(listed, sorted);
    return { categories: sorted, listed, matches, lowered, reason: lowered.length ? reason : '' };
  };

  if (args.input?.categories !== undefined) {
    const wanted = sortCategories(args.input.categories);
    const lowered = minus(listed, wanted);
    if (lowered.length === 0) return done(wanted, '');
    const given = args.input.reason?.trim() ?? '';
    const kept =
      stored && stored.reason !== '' && sameSet(minus(listed, stored.categories), lowered)
        ? stored.reason
        : '';
    const reason = given || kept;
    if (reason === '') {
      const names = lowered.map((c) => REGULATION_LABEL[c]).join('、');
      const from = matches
        .filter((m) => lowered.includes(m.entry.category))
        .map(
          (m) =>
            `${m.entry.name}${m.entry.no ? ` ${m.entry.no}` : ''}（可信度 ${m.entry.confidence}）`,
        )
        .join('、');
      throw badRequest(
        `「${args.name}」按名录属于${names}（${from}），取消或降低该类别须填写原因及依据`,
      );
    }
    return done(wanted, reason);
  }

  // Neither `categories` nor `category` sent: the classes asked for (import) or stored stay.
  const asked: RegulationCategory[] =
    args.input?.category === undefined
      ? [...(args.asked ?? stored?.categories ?? [])]
      : args.input.category
        ? [args.input.category]
        : [];
  const keptLowered = stored && stored.reason !== '' ? minus(listed, stored.categories) : [];
  return done(
    [...asked, ...minus(listed, keptLowered)],
    keptLowered.length ? (stored?.reason ?? '') : '',
  );
}
