/**
 * Times sent to the gateways are China time (UTC+8, no daylight saving) whatever the host's
 * `TZ` is (docs/payments.md, "China time"): formatted from the epoch here, never from local time.
 */
const CHINA_OFFSET_MS = 8 * 3600_000;

/** `YYYY-MM-DDTHH:mm:ss` of the instant on a China wall clock. */
const chinaWallClock = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19);

/** `YYYY-MM-DD HH:mm:ss`: Alipay's timestamp, time_expire and notification times. */
export const chinaDateTime = (ms: number): string => chinaWallClock(ms).replace('T', ' ');

/** RFC 3339 with the China offset: WeChat Pay's time_expire. */
export const chinaRfc3339 = (ms: number): string => `${chinaWallClock(ms)}+08:00`;
