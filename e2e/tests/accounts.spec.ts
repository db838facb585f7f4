import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import {
  call,
  codeOf,
  CodeScene,
  createMember,
  DEMO_MEMBER,
  encryptPassword,
  freshEmail,
  freshPhone,
  loginThroughUi,
  signIn,
  storedSession,
  toast,
} from '../support/auth';
import { readCode } from '../support/codes';

/** Error toasts are throttled to one a second: the page clock moves on between two of them. */
async function nextError(page: Page) {
  await page.clock.fastForward(1100);
}

const userMenu = (page: Page) => page.getByRole('navigation', { name: '账户' });

test.describe('login page', () => {
  test('registers by phone with the code the server printed', async ({ page }) => {
    await page.clock.install();
    const phone = freshPhone();
    await page.goto('/login?isRegister=1');
    await expect(page.getByRole('heading', { name: '注册' })).toBeVisible();
    await expect(
      page.getByText('密码至少8位，需包含大写字母、小写字母、特殊符号和数字'),
    ).toBeVisible();

    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '请输入账号')).toBeVisible();
    await nextError(page);
    await page.getByLabel('账号').fill('not-an-account');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '手机号/邮箱格式有误')).toBeVisible();

    await page.getByLabel('账号').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('timer')).toHaveText('59s 后重新获取');
    const code = await readCode(phone, CodeScene.REGISTER);

    await nextError(page);
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await expect(toast(page, '请输入验证码')).toBeVisible();
    await page.getByLabel('验证码').fill(code);
    await nextError(page);
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await expect(toast(page, '请输入密码')).toBeVisible();
    await page.getByLabel('密码', { exact: true }).fill('Reg#2024pass');
    await nextError(page);
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await expect(toast(page, '请确认密码')).toBeVisible();
    await page.getByLabel('确认密码').fill('Reg#2024pas');
    await nextError(page);
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await expect(toast(page, '两次输入的密码不一致')).toBeVisible();
    await page.getByLabel('确认密码').fill('Reg#2024pass');
    await nextError(page);
    await page.getByRole('button', { name: '注册', exact: true }).click();
    await expect(toast(page, '请勾选同意《用户注册协议》')).toBeVisible();

    await page.getByRole('button', { name: '《用户注册协议》' }).click();
    const agreement = page.getByRole('dialog', { name: '用户注册协议' });
    await expect(agreement.getByText('第一条')).toBeVisible();
    await agreement.getByRole('button', { name: '同意并继续' }).click();
    await expect(page.getByLabel('我已阅读并同意')).toBeChecked();

    // The code link comes back after 59 s.
    await page.clock.runFor(59_000);
    await expect(page.getByRole('button', { name: '获取验证码' })).toBeVisible();

    await page.getByRole('button', { name: '注册', exact: true }).click();
    await expect(toast(page, '注册成功')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(userMenu(page).getByRole('button', { name: phone })).toBeVisible();
    const stored = await storedSession(page);
    expect(stored.token).toBeTruthy();
    expect(Number(stored.exp)).toBeGreaterThan(Date.now());
    expect(stored.account).toBe(phone);
  });

  test('logs in with account and password, shows and hides the password, goes to redirect', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/userinfo/1-2');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuserinfo%2F1-2$/);
    await expect(page.getByRole('heading', { name: '会员登录' })).toBeVisible();

    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toast(page, '请输入账号')).toBeVisible();
    await page.getByLabel('账号').fill(DEMO_MEMBER.account);
    await nextError(page);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toast(page, '请输入密码')).toBeVisible();

    const password = page.getByLabel('密码', { exact: true });
    await password.fill(DEMO_MEMBER.password);
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: '显示密码' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: '隐藏密码' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/userinfo\/1-2$/);
    await expect(page.getByRole('heading', { name: '发票信息' })).toBeVisible();
    await expect(userMenu(page).getByRole('button', { name: '演示用户' })).toBeVisible();
    const stored = await storedSession(page);
    expect(stored).toMatchObject({ name: '演示用户', account: DEMO_MEMBER.account });
  });

  test('encrypts the password without WebCrypto, as on a plain-HTTP LAN address', async ({
    page,
  }) => {
    // Browsers hide crypto.subtle outside secure contexts.
    await page.addInitScript(
      'Object.defineProperty(window.crypto, "subtle", { value: undefined })',
    );
    await page.goto('/login');
    expect(await page.evaluate('typeof window.crypto.subtle')).toBe('undefined');
    await loginThroughUi(page, DEMO_MEMBER.account, DEMO_MEMBER.password);
    await expect(page).toHaveURL(/\/$/);
    expect((await storedSession(page)).account).toBe(DEMO_MEMBER.account);
  });

  test('ignores a redirect to another site', async ({ page }) => {
    await page.goto('/login?redirect=%2F%2Fexample.com%2Fsteal');
    await loginThroughUi(page, DEMO_MEMBER.account, DEMO_MEMBER.password);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  test('logs in with a phone code', async ({ page, request }) => {
    await page.clock.install();
    const member = await createMember(request);
    await page.goto('/login');
    await page.getByRole('button', { name: '验证码登录' }).click();
    await expect(page.getByRole('heading', { name: '验证码登录' })).toBeVisible();

    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '请输入手机号')).toBeVisible();
    await page.getByLabel('手机号').fill('12345678901');
    await nextError(page);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '手机号格式有误')).toBeVisible();

    await page.getByLabel('手机号').fill(member.phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('timer')).toBeVisible();
    const code = await readCode(member.phone, CodeScene.LOGIN);
    await nextError(page);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(toast(page, '请输入验证码')).toBeVisible();
    await page.getByLabel('验证码').fill(code);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(userMenu(page).getByRole('button', { name: '测试会员' })).toBeVisible();
    expect((await storedSession(page)).account).toBe(member.account);
  });

  test('resets a forgotten password and logs in with the new one', async ({ page, request }) => {
    const member = await createMember(request);
    await page.goto('/login');
    await page.getByRole('button', { name: '忘记密码' }).click();
    await expect(page.getByRole('heading', { name: '忘记密码' })).toBeVisible();
    await page.getByLabel('账号').fill(member.phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('timer')).toBeVisible();
    await page.getByLabel('验证码').fill(await readCode(member.phone, CodeScene.FORGOT_PASSWORD));
    await page.getByLabel('新密码').fill('Fresh#2024pass');
    await page.getByLabel('确认密码').fill('Fresh#2024pass');
    await page.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '密码设置成功')).toBeVisible();
    await expect(page.getByRole('heading', { name: '会员登录' })).toBeVisible();

    await loginThroughUi(page, member.account, 'Fresh#2024pass');
    await expect(page).toHaveURL(/\/$/);
  });

  test('switching views resets the form', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: '注册' }).click();
    await page.getByLabel('账号').fill('13900000000');
    await page.getByRole('button', { name: '已有账号？去登录' }).click();
    await page.getByRole('button', { name: '忘记密码' }).click();
    await expect(page.getByLabel('账号')).toHaveValue('');
  });
});

test.describe('session', () => {
  test('renews an expired token before the next request', async ({ page, request }) => {
    const member = await createMember(request);
    const renewal = page.waitForResponse(
      (r) => r.url().endsWith('/manage/v1/access') && r.request().method() === 'PUT',
    );
    // Stored already expired, so the first member request of the page renews it. (Expiring it
    // while another page is open would let that page start the renewal, and the navigation
    // would cut it off: the spec clears the session when renewal fails.)
    await signIn(page, { ...member.session, exp: Date.now() - 1000 }, '/userinfo/1-1');
    expect((await renewal).ok()).toBe(true);
    await expect(page.getByLabel('姓名')).toHaveValue('测试会员');
    const stored = await storedSession(page);
    expect(stored.token).not.toBe(member.session.token);
    expect(Number(stored.exp)).toBeGreaterThan(Date.now());
    expect(stored.name).toBe('测试会员');
    // The old token was exchanged, not copied.
    expect(await codeOf(request, 'get', '/client/v1/user/info', member.session.token)).toBe(601);
  });

  test('a revoked token sends the member to /login', async ({ page, request }) => {
    const member = await createMember(request);
    await signIn(page, member.session);
    await expect(userMenu(page).getByRole('button', { name: '测试会员' })).toBeVisible();
    // Logged out elsewhere.
    await call(request, 'delete', '/client/v1/user/access', undefined, member.session.token);
    await page.goto('/userinfo/1-1');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fuserinfo%2F1-1$/);
    expect(await storedSession(page)).toEqual({
      token: null,
      exp: null,
      name: null,
      account: null,
    });
  });

  test('logs out from the header menu', async ({ page, request }) => {
    const member = await createMember(request);
    await signIn(page, member.session, '/userinfo/1-1');
    await userMenu(page).getByRole('button', { name: '测试会员' }).click();
    await expect(page.getByRole('menuitem', { name: '个人中心' })).toBeVisible();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await expect(toast(page, '退出成功')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(userMenu(page).getByRole('link', { name: '登录' })).toBeVisible();
    await expect(userMenu(page).getByRole('link', { name: '注册' })).toHaveAttribute(
      'href',
      '/login?isRegister=1',
    );
    expect((await storedSession(page)).token).toBeNull();
    expect(await codeOf(request, 'get', '/client/v1/user/info', member.session.token)).toBe(601);
  });
});

test.describe('account area', () => {
  test('menu, unknown page and the personal-center link', async ({ page, request }) => {
    const member = await createMember(request);
    await signIn(page, member.session, '/userinfo/9-9');
    await expect(page).toHaveURL(/\/userinfo\/1-1$/);
    const menu = page.getByRole('navigation', { name: '个人中心' });
    for (const [name, key] of [
      ['发票信息', '1-2'],
      ['收货地址', '1-3'],
      ['账户安全', '1-4'],
      ['我的订单', '2-1'],
      ['我的定制', '2-3'],
      ['我的余额', '3-1'],
      ['个人信息', '1-1'],
    ] as const) {
      await menu.getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`/userinfo/${key}$`));
      await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    }
  });

  test('profile: checks, saves and shows account and balance', async ({ page, request }) => {
    await page.clock.install();
    const member = await createMember(request);
    await signIn(page, member.session, '/userinfo/1-1');
    await expect(page.getByText(member.account, { exact: true }).first()).toBeVisible();
    await expect(page.getByText('￥0.00')).toBeVisible();
    // Phone and email log in: shown, changed only through the code dialog.
    await expect(page.getByText(member.phone, { exact: true })).toBeVisible();
    await expect(page.getByLabel('手机号')).toHaveCount(0);

    await page.getByLabel('单位名称').fill(' ');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '请输入单位名称')).toBeVisible();
    await page.getByLabel('固定电话').fill('');
    await page.getByLabel('单位名称').fill('x');
    await nextError(page);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '请输入固定电话')).toBeVisible();

    await page.getByLabel('单位名称').fill('华东检测研究院');
    await page.getByLabel('姓名').fill('王工');
    await page.getByLabel('固定电话').fill('021-55556666');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '保存成功')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: '账户' }).getByRole('button', { name: '王工' }),
    ).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('单位名称')).toHaveValue('华东检测研究院');
    await expect(page.getByLabel('固定电话')).toHaveValue('021-55556666');
  });

  test('changes the login email with a code sent to the new one', async ({ page, request }) => {
    await page.clock.install();
    const member = await createMember(request);
    await signIn(page, member.session, '/userinfo/1-1');
    await page.getByRole('button', { name: '修改邮箱' }).click();
    const dialog = page.getByRole('dialog', { name: '修改邮箱' });
    await expect(dialog.getByText(member.account)).toBeVisible();

    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '请输入新邮箱')).toBeVisible();
    await dialog.getByLabel('新邮箱').fill('lab@');
    await nextError(page);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(toast(page, '邮箱格式有误')).toBeVisible();

    const email = freshEmail();
    await dialog.getByLabel('新邮箱').fill(email);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(dialog.getByRole('timer')).toBeVisible();
    const code = await readCode(email, CodeScene.CHANGE_CONTACT);
    await nextError(page);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '请输入验证码')).toBeVisible();
    await dialog.getByLabel('验证码').fill(code === '000000' ? '111111' : '000000');
    await nextError(page);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '验证码错误')).toBeVisible();
    await dialog.getByLabel('验证码').fill(code);
    await nextError(page);
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '邮箱修改成功，请用新邮箱登录')).toBeVisible();
    await expect(dialog).toBeHidden();
    // The member registered with the email: the account moves along with it.
    await expect(page.getByText(email, { exact: true })).toHaveCount(2);
    expect((await storedSession(page)).account).toBe(email);

    const password = await encryptPassword(request, member.password);
    const old = await request.post('/client/v1/user/account-access', {
      data: { account: member.account, password },
    });
    expect(((await old.json()) as { msg: string }).msg).toBe('账号或密码错误');
    const fresh = await request.post('/client/v1/user/account-access', {
      data: { account: email, password },
    });
    expect(((await fresh.json()) as { code: number }).code).toBe(0);
  });

  test('invoice: type, required fields, email message, saved', async ({ page, request }) => {
    await page.clock.install();
    const member = await createMember(request);
    await signIn(page, member.session, '/userinfo/1-2');
    await expect(page.getByLabel('不开发票')).toBeChecked();
    await page.getByLabel('增值税专用发票').check();
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '请输入发票抬头')).toBeVisible();
    await page.getByLabel('发票抬头').fill('华东检测研究院');
    await page.getByLabel('收票邮箱').fill('bill@');
    await page.getByLabel('纳税人识别号').fill('91310000MA1K000006');
    await nextError(page);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '收票邮箱有误')).toBeVisible();
    await page.getByLabel('收票邮箱').fill('bill@example.com');
    await page.getByLabel('纳税人识别号').fill('91310000MA1K000000');
    await nextError(page);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '纳税人识别号有误')).toBeVisible();
    await page.getByLabel('纳税人识别号').fill('91310000MA1K000006');
    await page.getByLabel('开户银行').fill('中国银行上海分行');
    await nextError(page);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(
      toast(page, '增值税专用发票需填写注册地址、注册电话、开户银行和银行账号'),
    ).toBeVisible();
    await page.getByLabel('注册地址').fill('上海市浦东新区张江路 1 号');
    await page.getByLabel('注册电话').fill('021-55556666');
    await page.getByLabel('银行账号').fill('6222020000000000');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '保存成功')).toBeVisible();

    await page.reload();
    await expect(page.getByLabel('增值税专用发票')).toBeChecked();
    await expect(page.getByLabel('纳税人识别号')).toHaveValue('91310000MA1K000006');
    await expect(page.getByLabel('开户银行')).toHaveValue('中国银行上海分行');
    await expect(page.getByLabel('银行账号')).toHaveValue('6222020000000000');
  });

  test('address book with the region picker', async ({ page, request }) => {
    const member = await createMember(request);
    await signIn(page, member.session, '/userinfo/1-3');
    await expect(page.getByText('暂无收货信息')).toBeVisible();
    const items = page.getByTestId('address-item');

    // Add: every field checked, region down to the town.
    await page.getByRole('button', { name: '新增地址' }).click();
    let form = page.getByRole('dialog', { name: '新增地址' });
    await form.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '请输入收货人姓名')).toBeVisible();
    await form.getByLabel('收货人').fill('赵工');
    await form.getByLabel('手机号').fill('13912345678');
    await form.getByLabel('详细地址').fill('科技园南区 8 栋 301');
    await form.locator('[data-trigger]').click();
    const panel = page.getByRole('dialog', { name: '行政区划' });
    await panel.getByRole('option', { name: '广东省', exact: true }).click();
    await panel.getByRole('option', { name: '深圳市', exact: true }).click();
    await panel.getByRole('option', { name: '南山区', exact: true }).click();
    await expect(panel.getByRole('tab', { name: '乡/镇' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await panel.getByRole('option', { name: '粤海街道', exact: true }).click();
    await expect(panel).toBeHidden();
    await expect(form.locator('[data-trigger]')).toHaveText(/广东省 深圳市 南山区 粤海街道/);
    await form.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '新增地址成功')).toBeVisible();
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('广东省 深圳市 南山区 粤海街道 科技园南区 8 栋 301');
    await expect(items.first()).toContainText('默认地址');

    // Add a second one in a municipality, without a town.
    await page.getByRole('button', { name: '新增地址' }).click();
    form = page.getByRole('dialog', { name: '新增地址' });
    await form.getByLabel('收货人').fill('钱工');
    await form.getByLabel('手机号').fill('13812345678');
    await form.getByLabel('详细地址').fill('东长安街 1 号');
    await form.locator('[data-trigger]').click();
    await panel.getByRole('option', { name: '北京市', exact: true }).click();
    await panel.getByRole('option', { name: '北京市', exact: true }).click();
    await panel.getByRole('option', { name: '东城区', exact: true }).click();
    await expect(panel.getByRole('option', { name: '东华门街道' })).toBeVisible();
    await panel.getByRole('button', { name: '完成' }).click();
    await form.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '新增地址成功')).toBeVisible();
    await expect(items).toHaveCount(2);
    const second = items.filter({ hasText: '钱工' });
    await expect(second).toContainText('北京市 东城区 东长安街 1 号');

    // The second becomes the default.
    await second.getByRole('button', { name: '设为默认' }).click();
    await expect(toast(page, '设置默认地址成功')).toBeVisible();
    await expect(items.first()).toContainText('钱工');
    await expect(items.first()).toContainText('默认地址');
    await expect(items.filter({ hasText: '赵工' })).not.toContainText('默认地址');

    // Edit the first: the picker starts from the saved region; a new area clears the town.
    await items.filter({ hasText: '赵工' }).getByRole('button', { name: '编辑' }).click();
    form = page.getByRole('dialog', { name: '编辑地址' });
    await expect(form.getByLabel('收货人')).toHaveValue('赵工');
    await expect(form.locator('[data-trigger]')).toHaveText(/广东省 深圳市 南山区 粤海街道/);
    await form.locator('[data-trigger]').click();
    await panel.getByRole('tab', { name: '区/县' }).click();
    await panel.getByRole('option', { name: '福田区', exact: true }).click();
    await panel.getByRole('button', { name: '完成' }).click();
    await expect(form.locator('[data-trigger]')).toHaveText(/^广东省 深圳市 福田区/);
    await form.getByLabel('详细地址').fill('福华路 99 号');
    await form.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '编辑地址成功')).toBeVisible();
    await expect(items.filter({ hasText: '赵工' })).toContainText(
      '广东省 深圳市 福田区 福华路 99 号',
    );

    // Delete after confirming.
    await items.filter({ hasText: '赵工' }).getByRole('button', { name: '删除' }).click();
    await page.getByRole('dialog', { name: '提示' }).getByRole('button', { name: '确定' }).click();
    await expect(toast(page, '删除地址成功')).toBeVisible();
    await expect(items).toHaveCount(1);
    const saved = await call<Array<{ name: string; region: string; isDefault: boolean }>>(
      request,
      'get',
      '/client/v1/user/address',
      undefined,
      member.session.token,
    );
    expect(saved).toHaveLength(1);
    expect(JSON.parse(saved[0]!.region)).toEqual({
      province: { key: '110000', value: '北京市' },
      city: { key: '110000', value: '北京市' },
      area: { key: '110101', value: '东城区' },
    });
  });

  test('changes the password', async ({ page, request }) => {
    await page.clock.install();
    const member = await createMember(request);
    await signIn(page, member.session, '/userinfo/1-4');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '请输入原密码')).toBeVisible();
    await page.getByLabel('原密码').fill('Wrong#2024pass');
    await page.getByLabel('新密码').fill('Next#2024pass');
    await page.getByLabel('确认密码').fill('Next#2024pas');
    await nextError(page);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '两次输入的密码不一致')).toBeVisible();
    await page.getByLabel('确认密码').fill('Next#2024pass');
    await nextError(page);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '原密码错误')).toBeVisible();

    await page.getByLabel('原密码').fill(member.password);
    await page.getByRole('button', { name: '保存' }).click();
    await expect(toast(page, '密码设置成功')).toBeVisible();
    await expect(page.getByLabel('原密码')).toHaveValue('');

    await page.evaluate('localStorage.clear()');
    await page.goto('/login');
    await loginThroughUi(page, member.account, 'Next#2024pass');
    await expect(page).toHaveURL(/\/$/);
  });
});
