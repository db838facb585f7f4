/*
 * Members' accounts: sign-up and login, profiles, addresses, invoice titles, verification codes.
 * Offers the login failure windows (staff login keeps the same), the shop's RSA key (password
 * transport, the COA links' key), the SMS client (notifications) and the hourly prune.
 */
export {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ACCOUNT_IP,
  LOGIN_FAILURES_PER_IP,
} from './account.rules.ts';
export { codeChannelWarnings } from './code-delivery/index.ts';
export { ALIYUN_SMS_ENDPOINT, sendAliyunSms } from './code-delivery/sms-aliyun.ts';
export { createPunchoutMember } from './punchout-member.ts';
export { decryptPassword, rsaKeyFor } from './rsa.ts';
export { lockMember, setAccountDisabled } from './user.service.ts';
export { pruneVerificationData } from './verification.service.ts';
export { pruneExpiredCodes } from './verification.repository.ts';
