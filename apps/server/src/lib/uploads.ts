import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
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

/**
 * Stores an uploaded picture below DATA_DIR/files/uploads and answers its public URL. SVG is
 * refused: it can carry scripts.
 */
export async function saveImage(filesDir: string, data: Buffer): Promise<string> {
  const kind = SIGNATURES.find((s) => s.test(data));
  if (!kind) throw badRequest('图片须为 PNG、JPEG、GIF 或 WebP 格式');
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
