import { ZxcvbnFactory, type MatchExtended, type Score } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { LIMITS, PASSWORD_MSG, containsPersonalDetail } from '@labshop/shared';
import { CHINESE_PASSWORDS, PINYIN_WORDS, SHOP_WORDS } from './password-words.ts';

/**
 * How guessable a new password is, by the estimator of zxcvbn-ts (MIT; docs/api.md,
 * "Passwords"): it finds the dictionary words, repeats, sequences, keyboard patterns and dates a
 * password is made of and counts the guesses an attacker trying those first would need. Scores:
 * 0 under 10^3 guesses, 1 under 10^6, 2 under 10^8, 3 under 10^10, 4 above. Server only: the
 * dictionaries are megabytes the storefront never loads.
 */

/**
 * Only the first characters are estimated: the estimator's work grows with the length (a
 * 64-character password costs it tens of milliseconds on the event loop), and a password is never
 * easier to guess than its beginning, so judging a long one by its first 32 is on the safe side.
 */
const ESTIMATED_CHARS = 32;

/**
 * Made on first use, not at start: building the ranked dictionaries takes tens of milliseconds.
 * Edit distance matching stays off: it costs a few hundred milliseconds per password.
 */
let estimator: ZxcvbnFactory | null = null;
const estimatorOf = (): ZxcvbnFactory =>
  (estimator ??= new ZxcvbnFactory({
    dictionary: {
      ...dictionary,
      chinesePasswords: [...CHINESE_PASSWORDS],
      pinyin: [...PINYIN_WORDS],
      shop: [...SHOP_WORDS],
    },
    graphs: adjacencyGraphs,
    maxLength: Math.min(ESTIMATED_CHARS, LIMITS.passwordMax),
  }));

/** The part of the password that makes it weak, named for the member. */
function weakPart(sequence: readonly MatchExtended[]): string {
  if (sequence.some((m) => m.pattern === 'dictionary' && m.dictionaryName === 'userInputs')) {
    return PASSWORD_MSG.personalHint;
  }
  // The longest recognised piece says most about why the estimate is low.
  const [longest] = sequence
    .filter((m) => m.pattern !== 'bruteforce' && m.pattern !== 'separator')
    .sort((a, b) => b.token.length - a.token.length);
  switch (longest?.pattern) {
    case 'dictionary':
    case 'wordSequence':
      return PASSWORD_MSG.common;
    case 'repeat':
      return PASSWORD_MSG.repeated;
    case 'sequence':
    case 'spatial':
      return PASSWORD_MSG.sequence;
    case 'date':
    case 'regex':
      return PASSWORD_MSG.dates;
    default:
      return PASSWORD_MSG.weak;
  }
}

/** The estimator's score of a password and its log10 of guesses, given the account's details. */
export function passwordEstimate(
  password: string,
  personal: readonly string[] = [],
): { score: Score; guessesLog10: number } {
  const { score, guessesLog10 } = estimatorOf().check(password, userInputsOf(personal));
  return { score, guessesLog10 };
}

/**
 * The account's details as the estimator's words: each one whole, a mailbox's name before the @,
 * and a phone's last eight and last four digits, which people write into passwords too.
 */
function userInputsOf(personal: readonly string[]): string[] {
  const words = new Set<string>();
  for (const detail of personal) {
    const d = detail.trim().toLowerCase();
    if (d === '') continue;
    words.add(d);
    if (d.includes('@')) words.add(d.slice(0, d.indexOf('@')));
    if (/^\+?\d{8,}$/.test(d)) {
      words.add(d.slice(-8));
      words.add(d.slice(-4));
    }
  }
  return [...words];
}

/**
 * The Chinese message of what is wrong with a new password, or null when it may be set: it must
 * not contain the account name, phone or email (`containsPersonal`, checked as written), and the
 * estimator must score it at least `minScore` with all the account's details as likely words.
 */
export function passwordWeakness(
  password: string,
  opts: { minScore: Score; containsPersonal: readonly string[]; personal: readonly string[] },
): string | null {
  if (containsPersonalDetail(password, opts.containsPersonal)) return PASSWORD_MSG.personal;
  const result = estimatorOf().check(password, userInputsOf(opts.personal));
  return result.score >= opts.minScore ? null : weakPart(result.sequence);
}
