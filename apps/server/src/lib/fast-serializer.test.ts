import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, productDetailSchema, productSearchAnswer } from '@labshop/shared/schemas';
import { buildApp } from '../app.ts';
import { seedDatabase } from '../seed/seed.ts';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { fastSerializerCompiler } from './fast-serializer.ts';

const compile = (schema: z.ZodType) =>
  fastSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });
const zodSerialize = (schema: z.ZodType, data: unknown) =>
  serializerCompiler({ schema, method: 'GET', url: '/x' })(data);

describe('fast response serializer', () => {
  it('writes what the zod serializer writes, dropping undeclared properties', () => {
    const schema = envelopeOf(productSearchAnswer);
    const data = {
      code: 0,
      msg: '操作成功',
      extra: 'dropped',
      data: {
        total: 1,
        current: 1,
        size: 20,
        records: [
          {
            id: 7,
            name: '苯甲酸 "纯" \\ 试剂\n',
            nameEn: 'Benzoic acid',
            alias: '',
            introduction: '',
            brandName: '',
            cas: '65-85-0',
            number: 'BW-1',
            temperature: '',
            molecularWeight: '122.12',
            molecularFormula: 'C7H6O2',
            image: '',
            summary: '',
            smiles: null,
            inchiKey: 'WPYMKLBDIGXBTP-UHFFFAOYSA-N',
            regulation: { category: null, categories: [], ghs: null },
            onSale: 1,
            materials: [
              {
                id: 1,
                pack: '10mg',
                price: 12.5,
                userPrice: null,
                stocks: [{ storeId: 1, storeName: '北京仓', materialCount: 0 }],
                expire: '2028-03-31',
                expectedShipDate: null,
              },
            ],
          },
        ],
      },
    };
    const fast = compile(schema)(data);
    expect(fast).toBe(zodSerialize(schema, data));
    expect(fast).not.toContain('dropped');
  });

  it('keeps the zod serializer for schemas whose encoding can differ from the value', () => {
    // Encoding a codec writes its input side: a number answered as text.
    const schema = z.object({
      n: z.codec(z.string(), z.number(), { decode: Number, encode: String }),
    });
    const serialize = compile(schema);
    expect(serialize({ n: 5 })).toBe('{"n":"5"}');
    expect(serialize({ n: 5 })).toBe(zodSerialize(schema, { n: 5 }));
  });
});

describe('catalogue answers on the demo catalogue', () => {
  let ctx: TestContext;
  const schemas = new Map<string, z.ZodType>();

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDatabase(ctx.db, ctx.config);
  }, 300_000);
  afterAll(async () => ctx.close());

  it(
    'are byte for byte what the zod serializer makes of the same values',
    { timeout: 60_000 },
    async () => {
      // A second app on the same database, watching the routes to learn their response schemas and
      // keeping every value a catalogue route hands to its serializer.
      const values = new WeakMap<object, unknown>();
      const seen: Array<{ route: string; value: unknown; body: string }> = [];
      const app = await buildApp({
        config: ctx.config,
        db: ctx.db,
        onRoute: (route: RouteOptions) => {
          const response = (route.schema?.response as Record<string, unknown> | undefined)?.[200];
          if (route.config?.catalogueCache && response instanceof z.ZodType) {
            schemas.set(`${route.method as string} ${route.url}`, response);
          }
        },
      });
      app.addHook('preSerialization', async (request, _reply, payload) => {
        values.set(request, payload);
        return payload;
      });
      // Runs before the compression's own onSend hook (none here: inject asks for no encoding).
      app.addHook('onSend', async (request, reply, payload) => {
        const route = `${request.method} ${request.routeOptions.url ?? ''}`;
        if (reply.statusCode === 200 && schemas.has(route) && typeof payload === 'string') {
          seen.push({ route, value: values.get(request), body: payload });
        }
        return payload;
      });
      await app.ready();
      try {
        const get = (url: string) => app.inject({ method: 'GET', url });
        const post = (url: string, payload: object) => app.inject({ method: 'POST', url, payload });
        const answers = [
          await get('/client/v1/categories/children'),
          await get('/client/v1/categories/1'),
          await get('/client/v1/categories/1/basic'),
          await get('/client/v1/products/search-keys'),
          await post('/client/v1/products/part', { tag: 'hot', page: 1, size: 20 }),
          await get('/client/v1/products/1'),
          await get('/client/v1/products/2'),
          await get('/client/v1/links'),
          await post('/client/v1/contents', { page: 1, size: 10 }),
        ];
        for (const key of ['苯', '苯甲酸', 'benzoic', '65-85-0', 'C7H6O2', '农药']) {
          answers.push(await post('/client/v1/products', { key, page: 1, size: 20 }));
          answers.push(await post('/client/v1/products/brands', { key }));
          answers.push(await post('/client/v1/products/relations', { key }));
        }
        expect(answers.filter((a) => a.statusCode === 200).length).toBe(seen.length);
        expect(new Set(seen.map((v) => v.route)).size).toBeGreaterThanOrEqual(10);
        for (const v of seen) {
          expect(v.body, v.route).toBe(zodSerialize(schemas.get(v.route) as z.ZodType, v.value));
        }
      } finally {
        await app.close();
      }
    },
  );

  it('serialize the hot routes with fast-json-stringify', () => {
    for (const schema of [envelopeOf(productSearchAnswer), envelopeOf(productDetailSchema)]) {
      const serialize = compile(schema);
      expect(serialize).not.toBe(undefined);
      // The zod serializer reports a missing property as a zod error; fast-json-stringify names it.
      expect(() => serialize({ code: 0, msg: '' })).toThrow(/"data" is required/);
    }
  });
});
