import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { IMAGE_LIMITS } from '@labshop/shared';
import { badRequest, notFound } from './errors.ts';
import {
  FILE_MISSING,
  isValidKey,
  keyOfUrl,
  privateKey,
  publicKey,
  type FileStore,
} from './file-store/index.ts';

/** Picture types staff may upload, told by their first bytes (never by name or declared type). */
const SIGNATURES: Array<{ ext: string; test: (b: Buffer) => boolean }> = [
  {
    ext: 'png',
    test: (b) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { ext: 'gif', test: (b) => b.subarray(0, 4).toString('latin1') === 'GIF8' },
  {
    ext: 'webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/** Where a JPEG segment has no length after its marker. */
const JPEG_STANDALONE = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9]);

function jpegSize(b: Buffer): { width: number; height: number } | undefined {
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] ?? 0;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (JPEG_STANDALONE.has(marker)) {
      at += 2;
      continue;
    }
    // A start-of-frame marker (C0-CF but C4, C8 and CC, which are tables) holds the size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    if (marker === 0xda) return undefined;
    at += 2 + b.readUInt16BE(at + 2);
  }
  return undefined;
}

/**
 * A picture's width and height read from its header (PNG, JPEG, GIF, WebP), without decoding
 * it; undefined when the header does not say.
 */
export function imageSize(b: Buffer): { width: number; height: number } | undefined {
  const kind = SIGNATURES.find((s) => s.test(b))?.ext;
  if (kind === 'png' && b.length >= 24 && b.toString('latin1', 12, 16) === 'IHDR') {
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  if (kind === 'jpg') return jpegSize(b);
  if (kind === 'gif' && b.length >= 10)
    return { width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
  if (kind === 'webp' && b.length >= 30) {
    const chunk = b.toString('latin1', 12, 16);
    if (chunk === 'VP8 ') {
      return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
    }
    if (chunk === 'VP8L') {
      const bits = b.readUInt32LE(21);
      return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X')
      return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  }
  return undefined;
}

/**
 * Stores an uploaded picture under files/uploads in the file store and answers its public URL
 * (/files/uploads/..., served by every instance). SVG is
 * refused: it can carry scripts. So is a picture whose header gives no size or a size beyond
 * `IMAGE_LIMITS.pixels`: whatever later decodes it (a browser, the PDF writer for the seal) would
 * unpack it whole.
 */
export async function saveImage(files: FileStore, data: Buffer): Promise<string> {
  const kind = SIGNATURES.find((s) => s.test(data));
  if (!kind) throw badRequest('图片须为 PNG、JPEG、GIF 或 WebP 格式');
  const size = imageSize(data);
  if (!size || size.width === 0 || size.height === 0) throw badRequest('图片已损坏，无法读出尺寸');
  if (size.width * size.height > IMAGE_LIMITS.pixels) {
    throw badRequest(`图片尺寸过大，最多 ${IMAGE_LIMITS.pixels / 10_000} 万像素`);
  }
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const name = `${randomBytes(12).toString('hex')}.${kind.ext}`;
  const relative = `uploads/${month}/${name}`;
  await files.put(publicKey(relative), data, {
    type: `image/${kind.ext === 'jpg' ? 'jpeg' : kind.ext}`,
  });
  return `/files/${relative}`;
}

/** The first `bytes` of a stream (fewer if it is shorter); the rest is never read. */
async function headOf(stream: Readable, bytes: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let read = 0;
  try {
    for await (const chunk of stream) {
      parts.push(chunk as Buffer);
      read += (chunk as Buffer).length;
      if (read >= bytes) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(parts).subarray(0, bytes);
}

/**
 * Whether `url` (/files/...) names a stored PNG or JPEG, told by its first bytes: the company
 * seal must be one (pdfkit embeds nothing else).
 */
export async function isStoredPngOrJpeg(files: FileStore, url: string): Promise<boolean> {
  const key = keyOfUrl(url);
  try {
    const found = key === null ? null : await files.get(key);
    if (!found) return false;
    const head = await headOf(found.stream, 8);
    return SIGNATURES.slice(0, 2).some((s) => s.test(head));
  } catch {
    return false;
  }
}

/** Document types members may upload (PDF, JPEG, PNG), told by their first bytes. */
const DOCUMENT_SIGNATURES: Array<{ ext: string; type: string; test: (b: Buffer) => boolean }> = [
  {
    ext: 'pdf',
    type: 'application/pdf',
    test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  },
  { ext: 'png', type: 'image/png', test: (b) => SIGNATURES[0]?.test(b) ?? false },
  { ext: 'jpg', type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
];

/** At most 10 MB per document (docs/compliance.md). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Stores a member's document in the private area of the file store (which `/files/` never
 * serves) and answers its path there and its type. Refused unless its content is a PDF, JPEG or
 * PNG.
 */
export async function savePrivateDocument(
  files: FileStore,
  folder: string,
  data: Buffer,
): Promise<{ file: string; type: string }> {
  const kind = DOCUMENT_SIGNATURES.find((s) => s.test(data));
  if (!kind) throw badRequest('证件文件须为 PDF、JPEG 或 PNG 格式');
  if (data.length > DOCUMENT_MAX_BYTES) throw badRequest('文件过大，最大 10 MB');
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const name = `${randomBytes(16).toString('hex')}.${kind.ext}`;
  const file = `${folder}/${month}/${name}`;
  await files.put(privateKey(file), data, { type: kind.type });
  return { file, type: kind.type };
}

/**
 * A stored private document (`file` as its row keeps it) as a stream with its size. A file the
 * store does not hold (lost, or left behind on one machine's disk) answers 404 文件不存在,
 * never a 500.
 */
export async function openPrivateDocument(
  files: FileStore,
  file: string,
): Promise<{ stream: Readable; size: number }> {
  const key = privateKey(file);
  const found = isValidKey(key) ? await files.get(key) : null;
  if (!found) throw notFound(FILE_MISSING);
  return { stream: found.stream, size: found.file.size };
}
