import { z } from 'zod';
import { idParam, optionalText } from './fields.ts';

/**
 * Money-routing settings (docs/console.md, "Money routing"): where buyers pay (the receiving bank
 * account) and who the seller is on payment, quote and fapiao documents (company details, seal).
 * A change is a proposal until a second staff member with the `money-routing` permission
 * confirms it; until then buyers see the value in force.
 */
export const MONEY_ROUTING_SETTINGS = ['company', 'bank', 'seal'] as const;
export type MoneyRoutingSetting = (typeof MONEY_ROUTING_SETTINGS)[number];

export const MONEY_ROUTING_LABEL: Record<MoneyRoutingSetting, string> = {
  company: '公司信息',
  bank: '收款银行账户',
  seal: '公司印章',
};

/** Each setting's fields in the order the console and the notices show them. */
export const MONEY_ROUTING_FIELDS: Record<MoneyRoutingSetting, ReadonlyArray<[string, string]>> = {
  company: [
    ['name', '公司名称'],
    ['tel', '联系电话'],
    ['email', '邮箱'],
    ['address', '地址'],
    ['hazardLicence', '危险化学品经营许可证'],
  ],
  bank: [
    ['accountName', '开户名称'],
    ['bankName', '开户银行'],
    ['accountNumber', '银行账号'],
  ],
  seal: [['image', '印章图片']],
};

export const SETTING_CHANGE_STATUSES = ['pending', 'applied', 'rejected', 'withdrawn'] as const;
export type SettingChangeStatus = (typeof SETTING_CHANGE_STATUSES)[number];
export const SETTING_CHANGE_STATUS_LABEL: Record<SettingChangeStatus, string> = {
  pending: '待确认',
  applied: '已生效',
  rejected: '已驳回',
  withdrawn: '已撤回',
};

const staffRef = z.object({ id: z.number().int(), name: z.string() });

/** A proposed change with who proposed and decided it (GET /manage/v1/settings/changes). */
export const settingChangeSchema = z.object({
  id: z.number().int(),
  key: z.enum(MONEY_ROUTING_SETTINGS),
  before: z.record(z.string(), z.string()),
  after: z.record(z.string(), z.string()),
  status: z.enum(SETTING_CHANGE_STATUSES),
  proposedBy: staffRef,
  proposedAt: z.number(),
  decidedBy: staffRef.nullable(),
  decidedAt: z.number().nullable(),
  reason: z.string(),
  /** Proposed by the staff member asking: they cannot confirm it, only withdraw it. */
  mine: z.boolean(),
});
export type SettingChange = z.infer<typeof settingChangeSchema>;

export const settingChangeQuery = z.object({
  key: z.enum(MONEY_ROUTING_SETTINGS, { error: '设置项有误' }).optional(),
});
export const settingChangeParams = z.object({ id: idParam });

/** 驳回 (or, by the proposer, 撤回) a pending change. */
export const rejectSettingChangeBody = z.object({ reason: optionalText(200) });

/**
 * Every field whose value the change moves, labelled: 银行账号：6222… → 6228…. Fields of the
 * setting this table does not name yet are compared too, shown by their key.
 */
export function settingChangeLines(
  key: MoneyRoutingSetting,
  before: Record<string, string>,
  after: Record<string, string>,
): Array<{ field: string; label: string; before: string; after: string }> {
  const named = MONEY_ROUTING_FIELDS[key];
  const others = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((f) => !named.some(([n]) => n === f))
    .map((f): [string, string] => [f, f]);
  return [...named, ...others]
    .filter(([field]) => (before[field] ?? '') !== (after[field] ?? ''))
    .map(([field, label]) => ({
      field,
      label,
      before: before[field] ?? '',
      after: after[field] ?? '',
    }));
}
