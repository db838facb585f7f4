import { expect, test } from '../support/test';
import { call, freshEmail, registerByApi, signIn, toast } from '../support/auth';
import { apiData, horizontalOverflow, type Paged, type ProductCard } from '../support/storefront';

/**
 * An individual buyer completes the profile the checkout asked for and is brought back to it
 * (docs/product-rules.md section 5, docs/web.md "Account pages"): 个人 fills 单位名称 and leaves
 * the landline empty; a unit still needs its 固定电话.
 */

/** A pack with a member price, so the confirm page has a payable line. */
async function pricedPack(request: Parameters<typeof apiData>[0], token: string) {
  const list = await apiData<Paged<ProductCard>>(
    request,
    'post',
    '/client/v1/products/part',
    { tag: 'new', page: 1, size: 20 },
    token,
  );
  for (const p of list.records) {
    const m = p.materials.find((x) => x.userPrice !== null);
    if (m) return { product: p, materialId: m.id };
  }
  throw new Error('no member-priced pack');
}

for (const width of [1366, 390]) {
  test(`an individual completes the profile at checkout and comes back to it (${width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.clock.install();
    const session = await registerByApi(request, freshEmail(), 'Test#2024pass');
    const { product, materialId } = await pricedPack(request, session.token);
    await call(
      request,
      'put',
      '/client/v1/cart',
      { materialId, quantity: 1, type: 1 },
      session.token,
    );

    await signIn(page, session, '/cart');
    await page.getByTestId('cart-line').first().getByRole('checkbox').click();
    await page.getByRole('button', { name: '去结算' }).click();
    const ask = page.getByRole('dialog', { name: '提示' });
    await expect(ask).toContainText('请先完善个人信息');
    await ask.getByRole('button', { name: '确定' }).click();

    await expect(page).toHaveURL(/\/userinfo\/1-1\?redirect=%2Fconfirm$/);
    await expect(page.getByRole('note')).toHaveText('保存后将返回确认订单页');
    // A unit is asked for its landline.
    await page.getByLabel('单位名称').fill('华东检测研究院');
    await page.getByLabel('姓名').fill('王工');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '请输入固定电话')).toBeVisible();
    await expect(page).toHaveURL(/\/userinfo\/1-1/);

    // An individual: 单位名称 becomes 个人, the landline optional.
    await page.getByRole('radio', { name: '个人' }).check();
    await expect(page.getByLabel('单位名称')).toHaveValue('个人');
    await expect(page.getByLabel('单位名称')).toBeDisabled();
    await expect(page.getByLabel('固定电话')).toHaveAttribute('placeholder', '选填，个人可不填');
    await page.screenshot({ path: testInfo.outputPath(`profile-individual-${width}.png`) });
    expect(await horizontalOverflow(page)).toBe(0);
    await page.clock.fastForward(1100);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '保存成功')).toBeVisible();

    await expect(page).toHaveURL(/\/confirm$/);
    await expect(page.getByRole('heading', { name: '确认订单' })).toBeVisible();
    await expect(page.getByText(product.name).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`confirm-after-profile-${width}.png`) });

    const info = await call<{ company: string; name: string; telephone: string }>(
      request,
      'get',
      '/client/v1/user/info',
      undefined,
      session.token,
    );
    expect(info).toMatchObject({ company: '个人', name: '王工', telephone: '' });

    // The profile shows the choice again; back to 单位 the field is free to type in.
    await page.goto('/userinfo/1-1');
    await expect(page.getByRole('radio', { name: '个人' })).toBeChecked();
    await expect(page.getByRole('note')).toHaveCount(0);
    await page.getByRole('radio', { name: '单位' }).check();
    await expect(page.getByLabel('单位名称')).toBeEnabled();
    await expect(page.getByLabel('单位名称')).toHaveValue('');
  });
}

test('a redirect to another site is not followed after saving', async ({ page, request }) => {
  const session = await registerByApi(request, freshEmail(), 'Test#2024pass');
  await signIn(page, session, '/userinfo/1-1?redirect=%2F%2Fevil.example%2F');
  await expect(page.getByRole('note')).toHaveCount(0);
  await page.getByRole('radio', { name: '个人' }).check();
  await page.getByLabel('姓名').fill('李四');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(page).toHaveURL(/\/userinfo\/1-1\?redirect=/);
});
