import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  checkKey,
  measured,
  typeOfKey,
  type FileStore,
  type PutOptions,
  type StoredFile,
} from './file-store.ts';

/** Where an S3-compatible bucket is and how to sign for it (S3_* variables, README). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** Empty: the provider's default endpoint for the region (AWS). */
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (MinIO and most self-hosted stores) instead of in the host name. */
  forcePathStyle: boolean;
}

/** Parts of a streamed upload: S3's smallest part, one at a time, so an upload holds 5 MiB. */
const PART_BYTES = 5 * 1024 * 1024;
const PIECE_BYTES = 256 * 1024;
/** The object metadata that keeps the file's SHA-256 (S3's ETag is no hash for multipart). */
const SHA_META = 'sha256';

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Without keys the SDK's own chain is used (instance role, ~/.aws, AWS_* variables).
    ...(settings.accessKeyId
      ? {
          credentials: {
            accessKeyId: settings.accessKeyId,
            secretAccessKey: settings.secretAccessKey,
          },
        }
      : {}),
  });
}

/**
 * Files in an S3-compatible bucket (AWS S3, Aliyun OSS, MinIO, …), one object per key, through
 * the official SDK: uploads streamed in parts by its Upload helper, reads streamed from the
 * object's body. S3 replaces an object atomically, so a reader sees the old file or the new.
 */
export function s3Store(client: S3Client, bucket: string): FileStore {
  const infoOf = (
    key: string,
    o: {
      ContentLength?: number | undefined;
      ContentType?: string | undefined;
      LastModified?: Date | undefined;
      Metadata?: Record<string, string> | undefined;
    },
  ): StoredFile => ({
    key,
    size: o.ContentLength ?? 0,
    type: o.ContentType || typeOfKey(key),
    sha256: o.Metadata?.[SHA_META] || null,
    modifiedAt: o.LastModified?.getTime() ?? 0,
  });

  return {
    kind: 's3',

    async put(key: string, body: Buffer | Readable, options: PutOptions = {}) {
      checkKey(key);
      const type = options.type ?? typeOfKey(key);
      const known = Buffer.isBuffer(body)
        ? createHash('sha256').update(body).digest('hex')
        : options.sha256;
      const totals = { size: 0, sha256: '' };
      const upload = new Upload({
        client,
        queueSize: 1,
        partSize: PART_BYTES,
        leavePartsOnError: false,
        params: {
          Bucket: bucket,
          Key: key,
          Body: Readable.from(measured(body, totals, PIECE_BYTES)),
          ContentType: type,
          ...(known ? { Metadata: { [SHA_META]: known } } : {}),
        },
      });
      await upload.done();
      return { key, size: totals.size, type, sha256: totals.sha256, modifiedAt: Date.now() };
    },

    async get(key: string) {
      checkKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        if (!(out.Body instanceof Readable))
          throw new Error('S3 answered a body that is no stream');
        return { file: infoOf(key, out), stream: out.Body };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async stat(key: string) {
      checkKey(key);
      try {
        return infoOf(key, await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })));
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async delete(key: string) {
      checkKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async *list(prefix: string) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const o of page.Contents ?? []) {
          if (!o.Key) continue;
          yield infoOf(o.Key, { ContentLength: o.Size, LastModified: o.LastModified });
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
