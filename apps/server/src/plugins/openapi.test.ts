import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '@labshop/shared';
import { loadConfig } from '../config.ts';
import { body, createTestContext, type TestContext } from '../../test/helpers.ts';
import { createMember } from '../../test/fixtures/account.ts';
import { createStaff } from '../../test/fixtures/manage.ts';

const get = (ctx: TestContext, url: string, authorization?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: authorization ? { authorization } : {} });

describe('API_DOCS', () => {
  it('is off in production unless asked for, on elsewhere, and refuses other values', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).apiDocs).toBe('off');
    expect(loadConfig({ NODE_ENV: 'production', API_DOCS: 'staff' }).apiDocs).toBe('staff');
    expect(loadConfig({}).apiDocs).toBe('on');
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe('off');
    expect(() => loadConfig({ API_DOCS: 'public' })).toThrow(/API_DOCS="public"/);
  });
});

/** A shop built with `env`, for the tests of one describe block. */
function shopWith(env: Record<string, string>) {
  const shop = { ctx: undefined as unknown as TestContext };
  beforeAll(async () => {
    shop.ctx = await createTestContext(env);
  });
  afterAll(() => shop.ctx.close());
  return shop;
}

describe('the API reference in production', () => {
  const shop = shopWith({ NODE_ENV: 'production' });

  it('is not served: the page and the document answer the JSON 404', async () => {
    for (const url of ['/docs', '/docs/', '/docs/openapi.json', '/docs/json']) {
      const res = await get(shop.ctx, url);
      expect([res.statusCode, body(res).code], url).toEqual([404, ResultCode.ERROR]);
    }
  });
});

describe('the API reference with API_DOCS=staff', () => {
  const shop = shopWith({ API_DOCS: 'staff' });

  it('answers the document to staff only, and no page', async () => {
    expect((await get(shop.ctx, '/docs/')).statusCode).toBe(404);
    const none = await get(shop.ctx, '/docs/openapi.json');
    expect([none.statusCode, body(none).code]).toEqual([401, ResultCode.TOKEN_MISSING]);
    const member = await createMember(shop.ctx);
    const byMember = await get(shop.ctx, '/docs/openapi.json', member.token);
    expect([byMember.statusCode, body(byMember).code]).toEqual([401, ResultCode.TOKEN_INVALID]);
    const staff = await createStaff(shop.ctx.db, ['warehouse']);
    const byStaff = await get(shop.ctx, '/docs/openapi.json', staff.token);
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.json<{ openapi: string }>().openapi).toBe('3.0.3');
  });
});

describe('the API reference outside production', () => {
  const shop = shopWith({});

  it('serves the page and the document to anyone', async () => {
    const page = await get(shop.ctx, '/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const doc = await get(shop.ctx, '/docs/openapi.json');
    expect(doc.statusCode).toBe(200);
    expect(doc.json<{ paths: object }>().paths).toHaveProperty(['/client/v1/user/info']);
  });
});
