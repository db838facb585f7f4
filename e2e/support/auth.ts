import crypto from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readCode } from './codes';

/**
 * Account helpers for the browser journeys: members made through the real API (codes read from
 * the server log), sessions put into the page the way the login page stores them, and the login
 * form driven like a person would.
 */

export interface Session {
  token: string;
  exp: number;
  name: string;
  account: string;
}

export interface Member {
  /** The account registered with (an email address). */
  account: string;
  /** A mobile number set in the profile, free for phone codes. */
  phone: string;
  password: string;
  session: Session;
}

export const DEMO_MEMBER = { account: '13800000000', password: 'Demo#123456' } as const;
export const CodeScene = { LOGIN: 1, REGISTER: 2, FORGOT_PASSWORD: 3, CHANGE_CONTACT: 4 } as const;

/** A mobile number no other journey uses (1 + 9 + nine random digits). */
export const freshPhone = () => `19${crypto.randomInt(0, 1e9).toString().padStart(9, '0')}`;
export const freshEmail = () => `e2e-${crypto.randomBytes(6).toString('hex')}@example.com`;

/** Calls the API and returns `data`, failing the test on an error envelope. */
export async function call<T>(
  request: APIRequestContext,
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  data?: object,
  token?: string,
): Promise<T> {
  const res = await request.fetch(path, {
    method: method.toUpperCase(),
    data,
    headers: token ? { Authorization: token } : undefined,
  });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${method} ${path}: ${body.msg}`).toBe(0);
  return body.data;
}

/** The envelope code an API call answers (0 on success). */
export async function codeOf(
  request: APIRequestContext,
  method: 'get' | 'delete',
  path: string,
  token: string,
): Promise<number> {
  const res = await request.fetch(path, {
    method: method.toUpperCase(),
    headers: { Authorization: token },
  });
  return ((await res.json()) as { code: number }).code;
}

let publicKey: Promise<string> | null = null;

/** RSA-OAEP-SHA256 with the shop's public key, base64: what the storefront sends as a password. */
export async function encryptPassword(request: APIRequestContext, plain: string): Promise<string> {
  publicKey ??= call<{ publicKey: string }>(request, 'get', '/client/v1/system/public-key').then(
    (k) => k.publicKey,
  );
  return crypto
    .publicEncrypt(
      {
        key: await publicKey,
        padding: crypto.constants.RSA_PKCS1_OAEP_PADDING,
        oaepHash: 'sha256',
      },
      Buffer.from(plain, 'utf8'),
    )
    .toString('base64');
}

/** Registers an account (phone or email) through the API with the code the server printed. */
export async function registerByApi(
  request: APIRequestContext,
  account: string,
  password: string,
): Promise<Session> {
  await call(request, 'post', '/client/v1/user/verification-code', {
    id: account,
    scene: CodeScene.REGISTER,
  });
  const code = await readCode(account, CodeScene.REGISTER);
  const encrypted = await encryptPassword(request, password);
  return call<Session>(request, 'post', '/client/v1/user/register', {
    account,
    code,
    password: encrypted,
    confirmPassword: encrypted,
  });
}

/**
 * A new member registered by email with a complete profile and a phone bound with its code (the
 * minute limit on codes is per scene, so a journey can still ask for a login code at once).
 */
export async function createMember(
  request: APIRequestContext,
  password = 'Test#2024pass',
): Promise<Member> {
  const account = freshEmail();
  const phone = freshPhone();
  const session = await registerByApi(request, account, password);
  await call(
    request,
    'put',
    '/client/v1/user/info/basic',
    { company: 'E2E 检测中心', name: '测试会员', telephone: '010-12345678' },
    session.token,
  );
  await call(
    request,
    'post',
    '/client/v1/user/info/contact/code',
    { contact: phone },
    session.token,
  );
  const code = await readCode(phone, CodeScene.CHANGE_CONTACT);
  await call(
    request,
    'put',
    '/client/v1/user/info/contact',
    { contact: phone, code },
    session.token,
  );
  return { account, phone, password, session: { ...session, name: '测试会员' } };
}

/** Stores a session in the page's local storage (keys of docs/product-rules.md section 3) and opens `path`. */
export async function signIn(page: Page, session: Session, path = '/'): Promise<void> {
  await page.goto('/login');
  // The e2e project has no DOM typings: page scripts are passed as text.
  await page.evaluate(`(() => {
    const s = ${JSON.stringify(session)};
    localStorage.setItem('token', s.token);
    localStorage.setItem('exp', String(s.exp));
    localStorage.setItem('name', s.name);
    localStorage.setItem('account', s.account);
  })()`);
  await page.goto(path);
}

/** Logs in through the login form (account + password mode). */
export async function loginThroughUi(page: Page, account: string, password: string): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/login')) await page.goto('/login');
  await page.getByLabel('账号').fill(account);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** The session keys the page holds. */
export const storedSession = (page: Page) =>
  page.evaluate<Record<'token' | 'exp' | 'name' | 'account', string | null>>(
    `({
      token: localStorage.getItem('token'),
      exp: localStorage.getItem('exp'),
      name: localStorage.getItem('name'),
      account: localStorage.getItem('account'),
    })`,
  );

/** A toast with this text (sonner). */
export const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]', { hasText: text }).first();
