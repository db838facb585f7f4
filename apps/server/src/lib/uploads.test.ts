import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diskStore } from './file-store/disk-store.ts';
import { imageSize, saveImage } from './uploads.ts';

const png = (width: number, height: number) => {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
};

/** A JPEG's start: SOI, an APP0 segment, then a baseline frame header with the size. */
const jpeg = (width: number, height: number) => {
  const app0 = Buffer.from([
    0xff,
    0xe0,
    0x00,
    0x10,
    ...Buffer.from('JFIF\0'),
    ...Array<number>(9).fill(0),
  ]);
  const sof = Buffer.alloc(19);
  sof.set([0xff, 0xc0, 0x00, 0x11, 0x08]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof]);
};

const gif = (width: number, height: number) => {
  const b = Buffer.alloc(13);
  b.write('GIF89a', 0, 'latin1');
  b.writeUInt16LE(width, 6);
  b.writeUInt16LE(height, 8);
  return b;
};

const webpLossless = (width: number, height: number) => {
  const b = Buffer.alloc(30);
  b.write('RIFF', 0, 'latin1');
  b.write('WEBPVP8L', 8, 'latin1');
  b[20] = 0x2f;
  b.writeUInt32LE((width - 1) | ((height - 1) << 14), 21);
  return b;
};

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

describe('picture sizes read from the header', () => {
  it('reads PNG, JPEG, GIF and WebP sizes without decoding', () => {
    expect(imageSize(png(800, 600))).toEqual({ width: 800, height: 600 });
    expect(imageSize(jpeg(1024, 768))).toEqual({ width: 1024, height: 768 });
    expect(imageSize(gif(16, 9))).toEqual({ width: 16, height: 9 });
    expect(imageSize(webpLossless(300, 200))).toEqual({ width: 300, height: 200 });
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBeUndefined();
  });

  it('stores an ordinary picture and refuses one of too many pixels or no size', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'labshop-images-'));
    dirs.push(dir);
    const store = diskStore(dir);
    const url = await saveImage(store, png(2000, 2000));
    expect(url).toMatch(/^\/files\/uploads\/\d{6}\/\w+\.png$/);
    expect((await fs.readFile(path.join(dir, url))).equals(png(2000, 2000))).toBe(true);
    // A few bytes that claim 100,000 × 100,000: whatever decodes it would unpack 40 GB.
    await expect(saveImage(store, png(100_000, 100_000))).rejects.toThrow(
      '图片尺寸过大，最多 4000 万像素',
    );
    await expect(saveImage(store, jpeg(65_000, 65_000))).rejects.toThrow('图片尺寸过大');
    await expect(saveImage(store, Buffer.from([0xff, 0xd8, 0xff, 0xda, 0, 2]))).rejects.toThrow(
      '图片已损坏，无法读出尺寸',
    );
  });
});
