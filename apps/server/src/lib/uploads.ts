import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { IMAGE_LIMITS } from '@labshop/shared';
import { badRequest } from './errors.ts';

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
 * Stores an uploaded picture below DATA_DIR/files/uploads and answers its public URL. SVG is
 * refused: it can carry scripts. So is a picture whose header gives no size or a size beyond
 * `IMAGE_LIMITS.pixels`: whatever later decodes it (a browser, the PDF writer for the seal) would
 * unpack it whole.
 */
export async function saveImage(filesDir: string, data: Buffer): Promise<string> {
  const kind = SIGNATURES.find((s) => s.test(data));
  if (!kind) throw badRequest('图片须为 PNG、JPEG、GIF 或 WebP 格式');
  const size = imageSize(data);
  if (!size || size.width === 0 || size.height === 0) throw badRequest('图片已损坏，无法读出尺寸');
  if (size.width * size.height > IMAGE_LIMITS.pixels) {
    throw badRequest(`图片尺寸过大，最多 ${IMAGE_LIMITS.pixels / 10_000} 万像素`);
  }
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const name = `${randomBytes(12).toString('hex')}.${kind.ext}`;
  await fs.mkdir(path.join(filesDir, 'uploads', month), { recursive: true });
  await fs.writeFile(path.join(filesDir, 'uploads', month, name), data);
  return `/files/uploads/${month}/${name}`;
}

/**
 * Whether `url` (/files/...) names a stored PNG or JPEG below `filesDir`, told by its first
 * bytes: the company seal must be one (pdfkit embeds nothing else).
 */
export async function isStoredPngOrJpeg(filesDir: string, url: string): Promise<boolean> {
  if (!url.startsWith('/files/')) return false;
  const root = path.resolve(filesDir);
  const full = path.resolve(root, url.slice('/files/'.length));
  if (!full.startsWith(root + path.sep)) return false;
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(full, 'r');
    const head = Buffer.alloc(8);
    await handle.read(head, 0, 8, 0);
    return SIGNATURES.slice(0, 2).some((s) => s.test(head));
  } catch {
    return false;
  } finally {
    await handle?.close();
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
 * Stores a member's document below `privateDir` (DATA_DIR/private, which no route serves as a
 * static file) and answers its path there and its type. Refused unless its content is a PDF,
 * JPEG or PNG.
 */
export async function savePrivateDocument(
  privateDir: string,
  folder: string,
  data: Buffer,
): Promise<{ file: string; type: string }> {
  const kind = DOCUMENT_SIGNATURES.find((s) => s.test(data));
  if (!kind) throw badRequest('证件文件须为 PDF、JPEG 或 PNG 格式');
  if (data.length > DOCUMENT_MAX_BYTES) throw badRequest('文件过大，最大 10 MB');
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  const name = `${randomBytes(16).toString('hex')}.${kind.ext}`;
  await fs.mkdir(path.join(privateDir, folder, month), { recursive: true });
  await fs.writeFile(path.join(privateDir, folder, month, name), data, { mode: 0o600 });
  return { file: `${folder}/${month}/${name}`, type: kind.type };
}

/** Reads a stored private document; the path must stay below `privateDir`. */
export async function readPrivateDocument(privateDir: string, file: string): Promise<Buffer> {
  const root = path.resolve(privateDir);
  const full = path.resolve(root, file);
  if (!full.startsWith(root + path.sep)) throw new Error('document path outside the private dir');
  return fs.readFile(full);
}
