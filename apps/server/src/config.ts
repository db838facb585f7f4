import fs from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { loadPaymentsConfig, type PaymentsConfig } from './payments-config.ts';
import { fileStoreConfig, fileStoreEnv, type FileStoreConfig } from './lib/file-store/config.ts';

/** Runtime configuration, read once from the environment and checked before anything starts. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Where pictures, certificates and documents are kept (lib/file-store, README "Files"). */
  fileStore: FileStoreConfig;
  /** postgres://... to run on PostgreSQL; empty for the embedded SQLite file. */
  databaseUrl: string;
  /** NODE_ENV=production: no demo data unless asked for, and codes are never printed. */
  production: boolean;
  /** 'demo' seeds the demo catalogue on an empty database; 'none' seeds nothing. */
  seed: 'demo' | 'none';
  smtpUrl: string;
  smtpFrom: string;
  /** SMS provider adapter name; empty prints codes to stdout (development only). */
  smsProvider: string;
  smsEndpoint: string;
  smsAccessKeyId: string;
  smsAccessKeySecret: string;
  smsSignName: string;
  smsTemplateCode: string;
  /** PEM private key; empty makes (once) and keeps one in dataDir. */
  rsaPrivateKey: string;
  /** Directory of the built storefront; empty when the web app is not served. */
  webDir: string;
  /**
   * The server's render of the storefront's first view (`apps/web` build, dist/.ssr/entry-server.js);
   * empty or missing: pages go out as the shell the app fills in.
   */
  ssrEntry: string;
  /** Directory of the built staff console, served under /console/; empty when not served. */
  consoleDir: string;
  /** Log level for structured logs. */
  logLevel: string;
  /** Proxies whose X-Forwarded-* headers are believed: false (none) or their addresses/CIDRs. */
  trustProxy: false | string[];
  /** Verification codes one IP address may request per hour (five times that per day). */
  codeSendsPerIpHour: number;
  /** Gateways, payment deadlines and the scheduler (payments-config.ts). */
  payments: PaymentsConfig;
  /** Public origin (https://shop.example.com) for canonical URLs and the sitemap; empty: the request's. */
  siteUrl: string;
  /** Server processes sharing the port (node:cluster); 1 serves from the main process. */
  workers: number;
  /**
   * JavaScript heap limit in MB of each serving process (HEAP_LIMIT_MB), or null for none. Set, the
   * server always serves from forked workers, so the start-up work (a re-index too) runs in the
   * primary without it (docs/performance.md, "A million products").
   */
  heapLimitMb: number | null;
  /** Keep anonymous catalogue answers in process per catalogue version (CATALOGUE_CACHE=0 turns it off). */
  catalogueCache: boolean;
  /** Addresses staff alerts go to (STAFF_NOTIFY_EMAIL, comma-separated); none: not sent. */
  staffNotifyEmails: string[];
  /** Aliyun SMS template codes of the notifications that go by SMS (docs/notifications.md). */
  smsNotifyTemplates: { orderPriced: string; orderShipped: string };
  /**
   * STAFF_2FA=required: admin and finance accounts reach nothing but two-factor enrolment until
   * they enrol (docs/console.md); 'optional' leaves it to each staff member.
   */
  staffTwoFactor: 'required' | 'optional';
  /**
   * The OpenAPI reference (API_DOCS): 'on' serves the page at /docs and the document at
   * /docs/openapi.json to anyone, 'staff' only the document and only to a staff token, 'off'
   * neither. Off by default in production: the document maps every route an attacker could try.
   */
  apiDocs: 'on' | 'staff' | 'off';
}

/** The configuration cannot be used; the message names the variable and what it must be. */
export class ConfigError extends Error {}

/** The checkout the server runs from, whether as TypeScript source or as the built bundle. */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package-lock.json'))) return dir;
    if (path.dirname(dir) === dir) return process.cwd();
  }
}

export const repoRoot = findRepoRoot(import.meta.dirname);

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An IPv4/IPv6 address or a CIDR range of one. */
function isAddressOrRange(text: string): boolean {
  const [address = '', bits, extra] = text.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (version === 4 ? 32 : 128);
}

const integer = (min: number, max: number, what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, { error: `must be ${what}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: `must be ${what}` });

const trustProxy = z
  .string()
  .trim()
  .transform((text, ctx): Config['trustProxy'] => {
    if (text === '' || text === 'false') return false;
    const entries = text.split(',').map((s) => s.trim());
    if (entries.every(isAddressOrRange)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        'must list the trusted proxies as addresses or CIDR ranges, e.g. "10.0.0.0/8,127.0.0.1" ("1" or "true" would let any client choose its address)',
    });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: integer(1, 65535, 'a port number 1-65535').optional(),
  HOST: z.string().trim().min(1, { error: 'must not be empty' }).optional(),
  DATA_DIR: z.string().trim().min(1, { error: 'must not be empty' }).optional(),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^(postgres|postgresql):\/\/.+/, { error: 'must be a postgres:// URL' })
    .or(z.literal(''))
    .optional(),
  SEED: z.enum(['demo', 'none'], { error: 'must be "demo" or "none"' }).optional(),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/.+/, { error: 'must be an smtp:// or smtps:// URL' })
    .or(z.literal(''))
    .optional(),
  SMTP_FROM: z.string().trim().optional(),
  SMS_PROVIDER: z.enum(['aliyun', ''], { error: 'must be "aliyun" or empty' }).optional(),
  SMS_ENDPOINT: z.string().trim().optional(),
  SMS_ACCESS_KEY_ID: z.string().trim().optional(),
  SMS_ACCESS_KEY_SECRET: z.string().trim().optional(),
  SMS_SIGN_NAME: z.string().trim().optional(),
  SMS_TEMPLATE_CODE: z.string().trim().optional(),
  RSA_PRIVATE_KEY: z.string().optional(),
  WEB_DIR: z.string().optional(),
  SSR_ENTRY: z.string().optional(),
  CONSOLE_DIR: z.string().optional(),
  SITE_URL: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^/\s]+\/*$/, {
      error: 'must be an origin such as https://shop.example.com',
    })
    .or(z.literal(''))
    .optional(),
  WORKERS: z
    .literal('auto')
    .or(integer(1, 64, 'a whole number from 1 to 64 or "auto"'))
    .optional(),
  HEAP_LIMIT_MB: integer(128, 65536, 'a whole number of MB from 128 to 65536').optional(),
  CATALOGUE_CACHE: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
  STAFF_NOTIFY_EMAIL: z
    .string()
    .trim()
    .transform((text) => text.split(/[,;\s]+/).filter(Boolean))
    .refine((list) => list.every((a) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(a)), {
      error: 'must be an email address or a comma-separated list of them',
    })
    .optional(),
  SMS_TEMPLATE_ORDER_PRICED: z.string().trim().optional(),
  SMS_TEMPLATE_ORDER_SHIPPED: z.string().trim().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).optional(),
  TRUST_PROXY: trustProxy.optional(),
  CODE_SENDS_PER_IP_HOUR: integer(1, 100_000, 'a whole number from 1').optional(),
  STAFF_2FA: z
    .enum(['required', 'optional', ''], { error: 'must be "required" or "optional"' })
    .optional(),
  API_DOCS: z.enum(['on', 'staff', 'off'], { error: 'must be "on", "staff" or "off"' }).optional(),
  ...fileStoreEnv,
});

/**
 * Reads and checks the environment; a wrong value throws a ConfigError naming every bad
 * variable, so the server stops at once instead of running half-configured.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '');
      return `${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const fileStore = fileStoreConfig(e);
  if (typeof fileStore === 'string')
    throw new ConfigError(`Invalid configuration:\n  ${fileStore}`);
  const production = e.NODE_ENV === 'production';
  const webDir = e.WEB_DIR ?? path.join(repoRoot, 'apps/web/dist');
  return {
    port: e.PORT ?? 3000,
    host: e.HOST ?? '0.0.0.0',
    dataDir: path.resolve(e.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: e.DATABASE_URL ?? '',
    fileStore,
    production,
    // Demo data (with a known demo password) only where asked for or outside production.
    seed: e.SEED ?? (production ? 'none' : 'demo'),
    smtpUrl: e.SMTP_URL ?? '',
    smtpFrom: e.SMTP_FROM || 'no-reply@labshop.local',
    smsProvider: e.SMS_PROVIDER ?? '',
    smsEndpoint: e.SMS_ENDPOINT ?? '',
    smsAccessKeyId: e.SMS_ACCESS_KEY_ID ?? '',
    smsAccessKeySecret: e.SMS_ACCESS_KEY_SECRET ?? '',
    smsSignName: e.SMS_SIGN_NAME ?? '',
    smsTemplateCode: e.SMS_TEMPLATE_CODE ?? '',
    rsaPrivateKey: e.RSA_PRIVATE_KEY ?? '',
    webDir,
    ssrEntry: e.SSR_ENTRY ?? path.join(webDir, '.ssr', 'entry-server.js'),
    consoleDir: e.CONSOLE_DIR ?? path.join(repoRoot, 'apps/console/dist'),
    logLevel: e.LOG_LEVEL ?? 'info',
    trustProxy: e.TRUST_PROXY ?? false,
    codeSendsPerIpHour: e.CODE_SENDS_PER_IP_HOUR ?? 20,
    payments: loadPaymentsConfig(env),
    workers: e.WORKERS === 'auto' ? os.availableParallelism() : (e.WORKERS ?? 1),
    heapLimitMb: e.HEAP_LIMIT_MB ?? null,
    catalogueCache: e.CATALOGUE_CACHE !== '0',
    staffNotifyEmails: e.STAFF_NOTIFY_EMAIL ?? [],
    smsNotifyTemplates: {
      orderPriced: e.SMS_TEMPLATE_ORDER_PRICED ?? '',
      orderShipped: e.SMS_TEMPLATE_ORDER_SHIPPED ?? '',
    },
    siteUrl: (e.SITE_URL ?? '').replace(/\/+$/, ''),
    staffTwoFactor: e.STAFF_2FA === 'required' ? 'required' : 'optional',
    apiDocs: e.API_DOCS ?? (production ? 'off' : 'on'),
  };
}
