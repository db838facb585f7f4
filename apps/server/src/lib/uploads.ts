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
