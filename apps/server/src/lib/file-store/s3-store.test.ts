import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { NoSuchKey, NotFound } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { s3Client, s3Store } from './s3-store.ts';

/**
 * The S3 store against a bucket kept in memory. No well-kept S3 fake runs in-process from npm
 * (s3rver's last release is years old), so the SDK's own middleware stack is cut at its first
 * step: every command is built and checked by the real client and the real Upload helper, and
 * answered here instead of over HTTP. What an actual S3 service does with the request (signing,
 * XML) is not covered.
 */
interface StoredObject {
  body: Buffer;
  type: string | undefined;
  metadata: Record<string, string> | undefined;
  modified: Date;
}

function fakeBucket() {
  const objects = new Map<string, StoredObject>();
  const uploads = new Map<string, Map<number, Buffer>>();
  const commands: string[] = [];
  const bodyOf = async (body: unknown): Promise<Buffer> => {
    if (Buffer.isBuffer(body)) return body;
    if (body instanceof Uint8Array) return Buffer.from(body);
    if (typeof body === 'string') return Buffer.from(body);
    const parts: Buffer[] = [];
    for await (const chunk of body as Readable) parts.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(parts);
  };
  const missing = () =>
    new NoSuchKey({
      message: 'The specified key does not exist.',
      $metadata: { httpStatusCode: 404 },
    });

  type Input = Record<string, unknown> & { Key?: string; UploadId?: string };
  const answer = async (command: string, input: Input): Promise<Record<string, unknown>> => {
    commands.push(command);
    const key = input.Key ?? '';
    switch (command) {
      case 'PutObjectCommand':
        objects.set(key, {
          body: await bodyOf(input.Body),
          type: input.ContentType as string | undefined,
          metadata: input.Metadata as Record<string, string> | undefined,
          modified: new Date(),
        });
        return { ETag: '"put"' };
      case 'CreateMultipartUploadCommand': {
        const id = `upload-${uploads.size + 1}`;
        uploads.set(id, new Map());
        // The object's type and metadata come with the upload's start.
        objects.set(`${id}:head`, {
          body: Buffer.alloc(0),
          type: input.ContentType as string | undefined,
          metadata: input.Metadata as Record<string, string> | undefined,
          modified: new Date(),
        });
        return { UploadId: id };
      }
      case 'UploadPartCommand':
        uploads
          .get(input.UploadId ?? '')
          ?.set(input.PartNumber as number, await bodyOf(input.Body));
        return { ETag: `"part-${input.PartNumber as number}"` };
      case 'CompleteMultipartUploadCommand': {
        const id = input.UploadId ?? '';
        const parts = [...(uploads.get(id) ?? new Map<number, Buffer>()).entries()]
          .sort(([a], [b]) => a - b)
          .map(([, b]) => b);
        const head = objects.get(`${id}:head`);
        objects.delete(`${id}:head`);
        objects.set(key, {
          body: Buffer.concat(parts),
          type: head?.type,
          metadata: head?.metadata,
          modified: new Date(),
        });
        uploads.delete(id);
        return { ETag: '"multipart"' };
      }
      case 'AbortMultipartUploadCommand':
        uploads.delete(input.UploadId ?? '');
        return {};
      case 'GetObjectCommand': {
        const o = objects.get(key);
        if (!o) throw missing();
        return {
          Body: Readable.from([o.body]),
          ContentLength: o.body.length,
          ContentType: o.type,
          Metadata: o.metadata ?? {},
          LastModified: o.modified,
        };
      }
      case 'HeadObjectCommand': {
        const o = objects.get(key);
        if (!o) throw new NotFound({ message: 'Not Found', $metadata: { httpStatusCode: 404 } });
        return {
          ContentLength: o.body.length,
          ContentType: o.type,
          Metadata: o.metadata ?? {},
          LastModified: o.modified,
        };
      }
      case 'DeleteObjectCommand':
        objects.delete(key);
        return {};
      case 'ListObjectsV2Command': {
        const prefix = (input.Prefix as string | undefined) ?? '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
        // Two keys a page, so the store has to follow the continuation token.
        const start = input.ContinuationToken ? Number(input.ContinuationToken) : 0;
        const page = keys.slice(start, start + 2);
        const more = start + 2 < keys.length;
        return {
          Contents: page.map((k) => ({ Key: k, Size: objects.get(k)?.body.length })),
          IsTruncated: more,
          NextContinuationToken: more ? String(start + 2) : undefined,
        };
      }
      default:
        throw new Error(`the fake bucket does not know ${command}`);
    }
  };

  const client = s3Client({
    bucket: 'labshop',
    region: 'cn-north-1',
    endpoint: 'http://127.0.0.1:9',
    accessKeyId: 'id',
    secretAccessKey: 'secret',
    forcePathStyle: true,
  });
  client.middlewareStack.add(
    (_next, context) => async (args) => ({
      output: (await answer(context.commandName ?? '', args.input as Input)) as never,
      response: {},
    }),
    { step: 'initialize', name: 'fakeBucket', priority: 'high' },
  );
  return { store: s3Store(client, 'labshop'), objects, uploads, commands };
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('the S3 file store (SDK middleware answered in memory)', () => {
  it('puts a file with its type and hash, and reads it back as a stream', async () => {
    const { store, objects } = fakeBucket();
    const data = Buffer.from('%PDF-1.4 certificate');
    const put = await store.put('files/coa/A-1.pdf', data);
    expect(put).toMatchObject({ size: data.length, type: 'application/pdf', sha256: sha(data) });
    expect(objects.get('files/coa/A-1.pdf')?.metadata).toEqual({ sha256: sha(data) });
    const found = await store.get('files/coa/A-1.pdf');
    expect(found?.file).toMatchObject({
      size: data.length,
      type: 'application/pdf',
      sha256: sha(data),
    });
    const parts: Buffer[] = [];
    for await (const chunk of found!.stream) parts.push(chunk as Buffer);
    expect(Buffer.concat(parts).equals(data)).toBe(true);
    expect(await store.stat('files/coa/A-1.pdf')).toMatchObject({ size: data.length });
  });

  it('streams a large upload in parts of 5 MiB, one at a time', async () => {
    const { store, objects, commands } = fakeBucket();
    const total = 11 * 1024 * 1024 + 7;
    let made = 0;
    const body = new Readable({
      read() {
        if (made >= total) return void this.push(null);
        const n = Math.min(64 * 1024, total - made);
        this.push(Buffer.alloc(n, made % 7));
        made += n;
      },
    });
    const put = await store.put('private/fapiao/9-a.pdf', body, { sha256: 'abc' });
    expect(put.size).toBe(total);
    expect(commands.filter((c) => c === 'UploadPartCommand')).toHaveLength(3);
    expect(commands).toContain('CompleteMultipartUploadCommand');
    expect(objects.get('private/fapiao/9-a.pdf')?.body.length).toBe(total);
    expect(objects.get('private/fapiao/9-a.pdf')?.metadata).toEqual({ sha256: 'abc' });
  });

  it('answers null for a missing file, deletes, and lists across pages', async () => {
    const { store } = fakeBucket();
    expect(await store.get('files/none.png')).toBeNull();
    expect(await store.stat('files/none.png')).toBeNull();
    for (const k of ['c', 'a', 'b']) await store.put(`files/p/${k}.png`, Buffer.from(k));
    await store.put('private/x.pdf', Buffer.from('x'));
    const listed: string[] = [];
    for await (const f of store.list('files/')) listed.push(f.key);
    expect(listed).toEqual(['files/p/a.png', 'files/p/b.png', 'files/p/c.png']);
    await store.delete('files/p/a.png');
    expect(await store.get('files/p/a.png')).toBeNull();
    await expect(store.put('../x', Buffer.from('x'))).rejects.toThrow('not a file store key');
  });
});
