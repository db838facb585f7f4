import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { createMember } from '../../../test/fixtures/account.ts';
import { insertStock, insertStore } from '../../../test/fixtures/catalogue.ts';
import { auth, insertCartLine, insertPack, orderBody } from '../../../test/fixtures/orders.ts';
import { createStaff, type StaffMember } from '../../../test/fixtures/manage.ts';
import { createTransports, sendDueMessages, type Transports } from './notifications.sender.ts';

/** What the fake SMS provider received: the form parameters of each SendSms call. */
const received: Record<string, string>[] = [];
let refuse = 0;
let server: http.Server;
let ctx: TestContext;
let transports: Transports;
let admin: StaffMember;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
      res.writeHead(200, { 'content-type': 'application/json' });
      if (refuse > 0) {
        refuse -= 1;
        res.end(JSON.stringify({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控' }));
        return;
      }
      received.push(params);
      res.end(JSON.stringify({ Code: 'OK', Message: 'OK', RequestId: 'r-1' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  ctx = await createTestContext({
    SMS_PROVIDER: 'aliyun',
    SMS_ENDPOINT: `http://127.0.0.1:${port}/`,
    SMS_ACCESS_KEY_ID: 'id',
    SMS_ACCESS_KEY_SECRET: 'secret',
    SMS_SIGN_NAME: '试剂商城',
    SMS_TEMPLATE_CODE: 'SMS_CODE',
    SMS_TEMPLATE_ORDER_PRICED: 'SMS_PRICED',
    SMS_TEMPLATE_ORDER_SHIPPED: 'SMS_SHIPPED',
  });
  transports = createTransports(ctx.config);
  admin = await createStaff(ctx.db, ['admin']);
});
afterAll(async () => {
  transports.close();
  await ctx.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('SMS for the priced and shipped events', () => {
  it('sends the event template with its placeholders once, retrying a refusal', async () => {
    const m = await createMember(ctx, { balanceFen: 0 });
    const store = await insertStore(ctx.db, { name: '北京仓' });
    const materialId = await insertPack(ctx.db, null);
    await insertStock(ctx.db, materialId, store, 5);
    const cartId = await insertCartLine(ctx.db, m.userId, materialId, 1);
    const placed = await ctx.app.inject({
      method: 'POST',
      url: '/client/v1/orders',
      headers: auth(m),
      payload: orderBody([cartId], { payType: 1 }),
    });
    const order = body<{ order: { id: number; number: string; goodsList: { id: number }[] } }>(
      placed,
    ).data.order;
    const priced = await ctx.app.inject({
      method: 'PUT',
      url: `/manage/v1/orders/${order.id}/prices`,
      headers: auth(admin),
      payload: { goods: [{ orderGoodsId: order.goodsList[0]?.id, price: 88 }] },
    });
    expect(priced.statusCode, priced.body).toBe(200);

    refuse = 1;
    const t0 = Date.now();
    const sms = () =>
      ctx.db
        .selectFrom('notificationOutbox')
        .select(['event', 'state', 'attempts', 'lastError'])
        .where('channel', '=', 'sms')
        .execute();
    await sendDueMessages(ctx.db, transports, { at: t0 });
    expect(received).toHaveLength(0);
    expect((await sms())[0]).toMatchObject({ state: 'pending', attempts: 1 });
    expect((await sms())[0]?.lastError).toContain('isv.BUSINESS_LIMIT_CONTROL');
    await sendDueMessages(ctx.db, transports, { at: t0 + 60_000 });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      Action: 'SendSms',
      PhoneNumbers: m.account,
      SignName: '试剂商城',
      TemplateCode: 'SMS_PRICED',
    });
    expect(JSON.parse(received[0]?.TemplateParam ?? '{}')).toMatchObject({
      orderNumber: order.number,
      amount: '108.00',
    });
    await sendDueMessages(ctx.db, transports, { at: t0 + 600_000 });
    expect(received).toHaveLength(1);
    // Only the priced event goes by SMS here: placing the order did not.
    expect(await sms()).toMatchObject([{ event: 'order-priced', state: 'sent', attempts: 2 }]);
  });
});
