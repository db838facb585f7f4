import multipart from '@fastify/multipart';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, badRequest } from './errors.ts';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** Size limits of uploads, in bytes. */
export const UPLOAD_LIMITS = {
  /** A catalogue spreadsheet of well over 20,000 rows. */
  sheet: 30 * 1024 * 1024,
  /** A quick-order sheet: a few hundred lines are a few dozen KB. */
  quickSheet: 2 * 1024 * 1024,
  certificate: 20 * 1024 * 1024,
  image: 5 * 1024 * 1024,
} as const;

/**
 * What one upload may hold besides its file: text fields are few and short (a number, a date, a
 * remark of at most 2,000 characters), so a body of countless or huge fields is refused rather
 * than gathered into memory.
 */
const PART_LIMITS = { files: 1, fields: 20, parts: 21, fieldSize: 16 * 1024, headerPairs: 50 };

/**
 * Reads a multipart/form-data request of text fields and at most one file (field `file`); a
 * request of another type, a second file or a file over `maxFileBytes` is refused with a
 * Chinese message (`tooLarge` when the route words its own).
 */
export async function readMultipart(
  request: FastifyRequest,
  maxFileBytes: number,
  tooLarge = `文件过大，最大 ${Math.round(maxFileBytes / 1024 / 1024)} MB`,
): Promise<{ fields: Record<string, string>; file: UploadedFile | undefined }> {
  if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件');
  // Without a boundary the parts cannot be told apart; the parser would throw a plain error.
  if (!/;\s*boundary=("[^"]+"|[^;\s]+)/i.test(request.headers['content-type'] ?? '')) {
    throw badRequest('上传请求缺少 multipart 分隔符（boundary）');
  }
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  try {
    for await (const part of request.parts({
      limits: { ...PART_LIMITS, fileSize: maxFileBytes },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw badRequest('文件字段应为 file');
        }
        const data = await part.toBuffer();
        file = { filename: part.filename, mimetype: part.mimetype, data };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(tooLarge);
    if (code === 'FST_FILES_LIMIT') throw badRequest('一次只能上传一个文件');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw badRequest('上传的表单字段过多');
    }
    if (err instanceof AppError) throw err;
    // Anything else thrown while the body is read is the body's fault: a truncated or malformed
    // multipart stream (busboy's "Unexpected end of form", a part without headers ...).
    throw badRequest('上传的内容不完整或格式有误，请重新上传');
  }
  return { fields, file };
}

/** Validates multipart text fields with a schema; the first problem is answered in Chinese. */
export function parseFields<T extends z.ZodType>(
  schema: T,
  fields: Record<string, string>,
): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '请求参数有误');
  return parsed.data;
}

/** A route scope typed for zod schemas. */
export type UploadScope = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** Every upload route as `METHOD /path`, so one test can walk them all with bad bodies. */
export const UPLOAD_ROUTES = new Set<string>();

/**
 * Registers upload routes in a scope of their own with the multipart parser, so every other
 * route keeps refusing multipart bodies as an unsupported type (415).
 */
export async function uploadRoutes(
  app: Pick<FastifyInstance, 'register'>,
  routes: (scope: UploadScope) => void,
): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) UPLOAD_ROUTES.add(`${method} ${route.url}`);
    });
    await scope.register(multipart);
    routes(scope.withTypeProvider<ZodTypeProvider>());
  });
}
