import crypto from 'node:crypto';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from '../support/test';
import { call, encryptPassword } from '../support/auth';
import { STAFF, consoleLogin, staffToken } from '../support/console';

/**
 * A staff member secures their own account from the user menu: changes the password, turns on
 * two-factor login by scanning (here: reading) the secret, and from then on logs in with a code.
 */

/** The authenticator app's code for the secret, at `at`. */
const codeFor = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });

/** Waits for a fresh 30-second step when this one is about to end. */
async function freshStep(page: Page): Promise<void> {
  const left = 30_000 - (Date.now() % 30_000);
  if (left < 8000) await page.waitForTimeout(left + 200);
}

async function logout(page: Page): Promise<void> {
  await page.getByTestId('staff-menu').click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await expect(page).toHaveURL(/\/console\/login/);
}

test('staff change their password and log in with a two-factor code', async ({ page, request }) => {
  test.slow();
  const account = `sec-${crypto.randomBytes(3).toString('hex')}`;
  const first = 'Linden-Tree-4711';
  const second = 'Copper-Kettle-2024';
  const admin = await staffToken(request, STAFF.admin);
  await call(
    request,
    'post',
    '/manage/v1/staff',
    {
      account,
      name: '安全测试',
      roles: ['operator'],
      password: await encryptPassword(request, first),
    },
    admin,
  );

  await consoleLogin(page, { account, password: first });

  // 修改密码: the policy is checked before sending, and the server has the last word.
  await page.getByTestId('staff-menu').click();
  await page.getByRole('menuitem', { name: '修改密码' }).click();
  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await dialog.getByLabel('当前密码').fill(first);
  await dialog.getByLabel('新密码', { exact: true }).fill('short#1');
  await dialog.getByLabel('确认新密码').fill('short#1');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog.getByText('密码至少 10 位', { exact: true })).toBeVisible();
  await dialog.getByLabel('新密码', { exact: true }).fill('qwertyuiop');
  await dialog.getByLabel('确认新密码').fill('qwertyuiop');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('密码过于常见，容易被猜中，请换一个')).toBeVisible();
  await dialog.getByLabel('新密码', { exact: true }).fill(second);
  await dialog.getByLabel('确认新密码').fill(second);
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('密码已修改')).toBeVisible();
  await expect(dialog).toBeHidden();

  // 两步验证: read the secret shown beside the QR code, confirm with a code of it.
  await page.getByTestId('staff-menu').click();
  await page.getByRole('menuitem', { name: '两步验证' }).click();
  await expect(page).toHaveURL(/\/console\/security$/);
  await page.getByRole('button', { name: '启用两步验证' }).click();
  await expect(page.getByRole('img', { name: '两步验证二维码' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await freshStep(page);
  await page.getByLabel('验证码').fill(codeFor(secret, Date.now() - 30_000));
  await page.getByRole('button', { name: '确认启用' }).click();
  const codes = page.getByTestId('recovery-codes');
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await codes.getByRole('button', { name: '我已保存' }).click();
  await expect(page.getByText('已启用', { exact: true })).toBeVisible();
  await expect(page.getByText('10 个', { exact: true })).toBeVisible();

  // The old password no longer works; the new one asks for a code.
  await logout(page);
  await page.getByPlaceholder('账号').fill(account);
  await page.getByPlaceholder('密码').fill(first);
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('账号或密码错误')).toBeVisible();
  await page.getByPlaceholder('密码').fill(second);
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByPlaceholder('验证码').fill('000000');
  await page.getByRole('button', { name: '验证' }).click();
  await expect(page.getByText('验证码错误')).toBeVisible();
  await page.getByPlaceholder('验证码').fill(codeFor(secret));
  await page.getByRole('button', { name: '验证' }).click();
  await expect(page).not.toHaveURL(/\/console\/login/);
  await expect(page.getByTestId('staff-menu')).toContainText('安全测试');
});
