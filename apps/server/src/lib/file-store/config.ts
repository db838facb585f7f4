import { z } from 'zod';
import type { S3Settings } from './s3-store.ts';

/** Which store the shop's files go to, decided once from the environment (README, "Files"). */
export type FileStoreConfig =
  { kind: 'disk' } | { kind: 'database' } | { kind: 's3'; s3: S3Settings };

const optionalText = z.string().trim().optional();

/** The S3_* variables, checked with the rest of the environment (config.ts). */
export const fileStoreEnv = {
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ENDPOINT: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^/\s]+\/?$/, { error: 'must be an http:// or https:// origin' })
    .or(z.literal(''))
    .optional(),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z
    .enum(['0', '1', 'true', 'false', ''], { error: 'must be 1 or 0' })
    .optional(),
};

type FileStoreEnv = { [K in keyof typeof fileStoreEnv]?: string | undefined } & {
  DATABASE_URL?: string | undefined;
};

/**
 * S3 when a bucket is named (on either database); otherwise the database itself on PostgreSQL,
 * so instances share their files through it, and DATA_DIR on SQLite. Answers the problem as a
 * line of text when the variables do not fit together.
 */
export function fileStoreConfig(e: FileStoreEnv): FileStoreConfig | string {
  const bucket = e.S3_BUCKET ?? '';
  if (!bucket) {
    const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
      (name) => e[name],
    );
    if (stray.length > 0) return `${stray.join(', ')}: S3_BUCKET must be set as well`;
    return { kind: e.DATABASE_URL ? 'database' : 'disk' };
  }
  const accessKeyId = e.S3_ACCESS_KEY_ID ?? '';
  const secretAccessKey = e.S3_SECRET_ACCESS_KEY ?? '';
  if (!accessKeyId !== !secretAccessKey) {
    return 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (the SDK then finds its own)';
  }
  return {
    kind: 's3',
    s3: {
      bucket,
      // Any region name does for most self-hosted stores; AWS needs the bucket's own.
      region: e.S3_REGION || 'us-east-1',
      endpoint: (e.S3_ENDPOINT ?? '').replace(/\/$/, ''),
      accessKeyId,
      secretAccessKey,
      forcePathStyle: e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
    },
  };
}
