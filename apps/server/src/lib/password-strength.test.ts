import { describe, expect, it } from 'vitest';
import { PASSWORD_MSG } from '@labshop/shared';
import { passwordEstimate, passwordWeakness } from './password-strength.ts';

const guesses = (password: string, personal: string[] = []) =>
  passwordEstimate(password, personal).guessesLog10;

// The bars of MEMBER_PASSWORD_MIN_SCORE and STAFF_PASSWORD_MIN_SCORE (account.rules.ts,
// staff.rules.ts); the API tests of both features hold the routes to them.
const MEMBER_PASSWORD_MIN_SCORE = 2;
const STAFF_PASSWORD_MIN_SCORE = 3;

const member = (password: string, personal: string[] = []) =>
  passwordWeakness(password, {
    minScore: MEMBER_PASSWORD_MIN_SCORE,
    containsPersonal: personal,
    personal,
  });
const staff = (password: string, personal: string[] = []) =>
  passwordWeakness(password, {
    minScore: STAFF_PASSWORD_MIN_SCORE,
    containsPersonal: personal,
    personal,
  });

describe('password strength', () => {
  it('refuses what the attack set, saying what is wrong', () => {
    expect(member('123456')).toBe(PASSWORD_MSG.common);
    expect(staff('aaaaaaaaaa')).toBe(PASSWORD_MSG.repeated);
    expect(staff('1111111111')).toBe(PASSWORD_MSG.repeated);
    expect(staff('Aa1!Aa1!Aa')).toBe(PASSWORD_MSG.repeated);
  });

  it('knows Chinese passwords, pinyin names and the shop', () => {
    for (const password of [
      'woaini',
      '5201314',
      'woaini1314',
      'zhangwei123',
      'wangli520',
      'qq123456',
    ]) {
      expect(member(password), password).toBe(PASSWORD_MSG.common);
    }
    // Without the Chinese words the estimator would take these for random letters.
    expect(guesses('zhangwei')).toBeLessThan(guesses('zqnxwkhe'));
    expect(guesses('yifanglab')).toBeLessThan(guesses('yqfkngzlb'));
    expect(staff('Yifanglab#2026')).toBe(PASSWORD_MSG.common);
  });

  it('names sequences and dates', () => {
    expect(member('mnopqrstu')).toBe(PASSWORD_MSG.sequence);
    expect(member('19900101')).toBe(PASSWORD_MSG.dates);
  });

  it('refuses the account, phone or email inside a password, in any case', () => {
    const phone = ['13912345678'];
    expect(member('13912345678', phone)).toBe(PASSWORD_MSG.personal);
    expect(member('Kq#13912345678!', phone)).toBe(PASSWORD_MSG.personal);
    expect(member('LI.NA@EXAMPLE.COM', ['li.na@example.com'])).toBe(PASSWORD_MSG.personal);
    expect(member('Li.Na#2024xyz', ['li.na@example.com'])).toBe(PASSWORD_MSG.personal);
    // A piece of the phone is one of the member's words, not a random number.
    expect(member('Kq#83927461')).toBeNull();
    expect(member('Kq#83927461', ['13983927461'])).toBe(PASSWORD_MSG.personalHint);
  });

  it('asks more of staff than of members', () => {
    // The demo member's password is accepted anew; the demo staff's would not be.
    expect(member('Demo#123456')).toBeNull();
    expect(staff('Comp#123456')).toBe(PASSWORD_MSG.common);
    expect(member('Zhangwei#1990')).toBeNull();
    expect(staff('Zhangwei#1990')).not.toBeNull();
  });

  it('accepts passwords that are hard to guess', () => {
    for (const password of [
      'Copper#Sulfate9',
      'Tall-Cedar-42',
      'Kx9#mQ2vLp',
      'buret pipette flask',
      '滴定管-移液管-2024',
    ]) {
      expect(member(password), password).toBeNull();
      expect(staff(password), password).toBeNull();
    }
  });

  it('judges a long password by its beginning', () => {
    expect(staff(`${'a'.repeat(40)}Kx9#mQ2vLp`)).toBe(PASSWORD_MSG.repeated);
    expect(staff(`Kx9#mQ2vLp-Tall-Cedar-42-${'a'.repeat(39)}`)).toBeNull();
  });
});
