import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  chinaDate,
  chinaDateOfDay,
  chinaDateTime,
  chinaDayNumber,
  chinaDayStart,
  chinaInstant,
  chinaRfc3339,
  chinaStamp,
} from './clock.ts';

const run = promisify(execFile);
const probe = fileURLToPath(new URL('../../test/gateways/china-time-probe.ts', import.meta.url));

/** 2026-01-01 16:30:05 UTC: already 2 January in China, still 1 January in New York. */
const AT = Date.UTC(2026, 0, 1, 16, 30, 5);
/** 00:00 on 2 January 2026 in China: 16:00 UTC the day before. */
const CHINA_MIDNIGHT = Date.UTC(2026, 0, 1, 16, 0, 0);

/** The probe's times in a fresh process (Node reads `TZ` once, at start). */
async function timesUnder(tz: string) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', probe, String(AT)], {
    env: { ...process.env, TZ: tz },
  });
  return JSON.parse(stdout) as Record<string, string | number>;
}

describe('China time', () => {
  it('formats an instant on the China calendar and clock', () => {
    expect(chinaDate(AT)).toBe('2026-01-02');
    expect(chinaDateTime(AT)).toBe('2026-01-02 00:30:05');
    expect(chinaRfc3339(AT)).toBe('2026-01-02T00:30:05+08:00');
    expect(chinaStamp(AT)).toBe('20260102003005');
  });

  it('turns the day at midnight in China, 16:00 UTC', () => {
    expect(chinaDate(CHINA_MIDNIGHT - 1)).toBe('2026-01-01');
    expect(chinaDateTime(CHINA_MIDNIGHT - 1)).toBe('2026-01-01 23:59:59');
    expect(chinaDate(CHINA_MIDNIGHT)).toBe('2026-01-02');
    expect(chinaDateTime(CHINA_MIDNIGHT)).toBe('2026-01-02 00:00:00');
    expect(chinaDate(Date.UTC(2026, 11, 31, 16, 0))).toBe('2027-01-01');
  });

  it('finds the start of the China day an instant falls in', () => {
    expect(chinaDayStart(AT)).toBe(CHINA_MIDNIGHT);
    expect(chinaDayStart(CHINA_MIDNIGHT)).toBe(CHINA_MIDNIGHT);
    expect(chinaDayStart(CHINA_MIDNIGHT - 1)).toBe(CHINA_MIDNIGHT - 86_400_000);
    expect(chinaDate(chinaDayStart(AT))).toBe('2026-01-02');
  });

  it('counts whole China days, and names a counted day', () => {
    const day = chinaDayNumber(AT);
    expect(chinaDayNumber(CHINA_MIDNIGHT)).toBe(day);
    expect(chinaDayNumber(CHINA_MIDNIGHT - 1)).toBe(day - 1);
    expect(chinaDateOfDay(day)).toBe('2026-01-02');
    expect(chinaDateOfDay(day + 5)).toBe('2026-01-07');
    expect(chinaDateOfDay(day + 30)).toBe('2026-02-01');
  });

  it('reads a China date and wall-clock time as an instant', () => {
    expect(chinaInstant('2026-01-02')).toBe(CHINA_MIDNIGHT);
    expect(chinaInstant('2026-01-02', '00:30:05')).toBe(AT);
    expect(chinaDateTime(chinaInstant('2026-03-01', '09:00:00'))).toBe('2026-03-01 09:00:00');
  });

  it('writes the same times, Alipay timestamp and time_expire under TZ=UTC and TZ=America/New_York', async () => {
    const expected = {
      date: '2026-01-02',
      dateTime: '2026-01-02 00:30:05',
      rfc3339: '2026-01-02T00:30:05+08:00',
      stamp: '20260102003005',
      dayStart: CHINA_MIDNIGHT,
      instant: AT,
      alipayTimestamp: '2026-01-02 00:30:05',
      alipayTimeExpire: '2026-01-03 00:30:05',
    };
    const utc = await timesUnder('UTC');
    const newYork = await timesUnder('America/New_York');
    // The hosts' clocks really differ: 16 h in UTC, 11 h in New York (EST).
    expect([utc.localHour, newYork.localHour]).toEqual([16, 11]);
    expect(utc).toMatchObject({ tz: 'UTC', ...expected });
    expect(newYork).toMatchObject({ tz: 'America/New_York', ...expected });
  }, 60_000);
});
