/** Current time in epoch ms; one place so tests can reason about time-based rules. */
export const now = (): number => Date.now();

/*
 * China time: the shop's calendar and clock. China keeps UTC+8 all year (no daylight saving), so
 * every China date and time is the epoch shifted by eight hours, formatted here and never from
 * the host's local time: a host on UTC or any other `TZ` writes the same text
 * (docs/architecture.md, "China time").
 */

const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DDTHH:mm:ss` of the instant as a China wall clock shows it. */
const chinaWallClock = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19);

/** `YYYY-MM-DD`: the China calendar day, by which documents, lots and quotes are valid. */
export const chinaDate = (ms: number): string => chinaWallClock(ms).slice(0, 10);

/** `YYYY-MM-DD HH:mm:ss`: sheets, carriers' track times, Alipay's timestamps. */
export const chinaDateTime = (ms: number): string => chinaWallClock(ms).replace('T', ' ');

/** RFC 3339 with the China offset, `YYYY-MM-DDTHH:mm:ss+08:00`: WeChat Pay's time_expire. */
export const chinaRfc3339 = (ms: number): string => `${chinaWallClock(ms)}+08:00`;

/** `YYYYMMDDHHmmss`: what order and quote numbers begin with. */
export const chinaStamp = (ms: number): string => chinaWallClock(ms).replace(/\D/g, '');

/** Whole China days since the epoch, for counting days (a report due five days after). */
export const chinaDayNumber = (ms: number): number => Math.floor((ms + CHINA_OFFSET_MS) / DAY_MS);

/** `YYYY-MM-DD` of a day counted by `chinaDayNumber`. */
export const chinaDateOfDay = (day: number): string =>
  new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The instant the China day of `ms` begins (00:00 in China). */
export const chinaDayStart = (ms: number): number => chinaDayNumber(ms) * DAY_MS - CHINA_OFFSET_MS;

/** The instant a China date and wall-clock time (`HH:mm:ss`) name. */
export const chinaInstant = (date: string, time = '00:00:00'): number =>
  Date.parse(`${date}T${time}+08:00`);
