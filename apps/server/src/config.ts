import os from 'node:os';
import path from 'node:path';

/** Runtime configuration, read once from the environment; every value has a safe default. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://... to run on PostgreSQL; empty for the embedded SQLite file. */
  databaseUrl: string;
  /** 'demo' seeds the demo catalogue on an empty database; 'none' seeds nothing. */
  seed: 'demo' | 'none';
  smtpUrl: string;
  smtpFrom: string;
  /** SMS provider adapter name; empty prints codes to stdout (development channel). */
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
  /** Log level for structured logs. */
  logLevel: string;
  /** Trust X-Forwarded-* headers (set behind a load balancer). */
  trustProxy: boolean;
  /** Verification codes one IP address may request per hour (five times that per day). */
  codeSendsPerIpHour: number;
  /** Public origin (https://shop.example.com) for canonical URLs and the sitemap; empty: the request's. */
  siteUrl: string;
  /** Server processes sharing the port (node:cluster); 1 serves from the main process. */
  workers: number;
  /** Keep anonymous catalogue answers in process per catalogue version (CATALOGUE_CACHE=0 turns it off). */
  catalogueCache: boolean;
}

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL ?? '',
    seed: env.SEED === 'none' ? 'none' : 'demo',
    smtpUrl: env.SMTP_URL ?? '',
    smtpFrom: env.SMTP_FROM ?? 'no-reply@labshop.local',
    smsProvider: env.SMS_PROVIDER ?? '',
    smsEndpoint: env.SMS_ENDPOINT ?? '',
    smsAccessKeyId: env.SMS_ACCESS_KEY_ID ?? '',
    smsAccessKeySecret: env.SMS_ACCESS_KEY_SECRET ?? '',
    smsSignName: env.SMS_SIGN_NAME ?? '',
    smsTemplateCode: env.SMS_TEMPLATE_CODE ?? '',
    rsaPrivateKey: env.RSA_PRIVATE_KEY ?? '',
    webDir: env.WEB_DIR ?? path.join(repoRoot, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    codeSendsPerIpHour: positiveInt(env.CODE_SENDS_PER_IP_HOUR, 20),
    workers: env.WORKERS === 'auto' ? os.availableParallelism() : positiveInt(env.WORKERS, 1),
    catalogueCache: env.CATALOGUE_CACHE !== '0',
    siteUrl: (env.SITE_URL ?? '').replace(/\/+$/, ''),
  };
}
