import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { chinaDateTime, chinaRfc3339 } from './china-time.ts';

const run = promisify(execFile);
const probe = fileURLToPath(new URL('../../../test/gateways/china-time-probe.ts', import.meta.url));

/** 2026-01-01 16:30:05 UTC: already 2 January in China, still 1 January in New York. */
const AT = Date.UTC(2026, 0, 1, 16, 30, 5);

/** The probe's times in a fresh process (Node reads `TZ` once, at start). */
async function timesUnder(tz: string) {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', probe, String(AT)], {
    env: { ...process.env, TZ: tz },
  });
  return JSON.parse(stdout) as Record<string, string | number>;
}

describe('gateway times are China time whatever the host TZ', () => {
  it('formats an instant on the China clock', () => {
    expect(chinaDateTime(AT)).toBe('2026-01-02 00:30:05');
    expect(chinaRfc3339(AT)).toBe('2026-01-02T00:30:05+08:00');
  });

  it('writes the same Alipay timestamp and time_expire under TZ=UTC and TZ=America/New_York', async () => {
    const expected = {
      dateTime: '2026-01-02 00:30:05',
      rfc3339: '2026-01-02T00:30:05+08:00',
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
