import { describe, expect, it } from 'vitest';
import { containsPersonalDetail } from './password-policy.ts';

describe('containsPersonalDetail', () => {
  it('finds the account, phone, email or mailbox name in any case', () => {
    expect(containsPersonalDetail('13912345678', ['13912345678'])).toBe(true);
    expect(containsPersonalDetail('ab13912345678!', [null, '13912345678'])).toBe(true);
    expect(containsPersonalDetail('Li.Na@Example.com', ['li.na@example.com'])).toBe(true);
    expect(containsPersonalDetail('LI.NA#2024', ['li.na@example.com'])).toBe(true);
    expect(containsPersonalDetail('x-Clerk9-y', ['clerk9'])).toBe(true);
  });

  it('ignores details too short to mean anything and empty ones', () => {
    expect(containsPersonalDetail('lily-pad-2024', ['li@example.com'])).toBe(false);
    expect(containsPersonalDetail('Copper#Sulfate9', ['', undefined, null, '13912345678'])).toBe(
      false,
    );
  });
});
