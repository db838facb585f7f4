import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { XLSX_CONTENT_TYPE } from './sheets.ts';

/** Content types of the files the shop hands out as downloads. */
const CONTENT_TYPE = {
  xlsx: XLSX_CONTENT_TYPE,
  pdf: 'application/pdf',
  ofd: 'application/ofd',
  zip: 'application/zip',
} as const;

export type DownloadKind = keyof typeof CONTENT_TYPE;

/**
 * Sends a file as a download, never kept by a shared cache; the name is given in ASCII and, for
 * browsers, in UTF-8 (names hold Chinese text and lot numbers). A stored file goes out as the
 * stream the file store reads, with its size.
 */
export function sendFile(
  reply: FastifyReply,
  kind: DownloadKind,
  name: string,
  data: Buffer | Readable,
  size?: number,
) {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  if (size !== undefined) reply.header('Content-Length', size);
  return reply
    .type(CONTENT_TYPE[kind])
    .header('Cache-Control', 'private, no-store')
    .header(
      'Content-Disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .send(data);
}
