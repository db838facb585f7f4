import { z } from 'zod';
import { SDS_LANGUAGES } from '../safety.ts';
import { idParam, numeric, requiredText } from './fields.ts';

export const sdsLanguageField = z.enum(SDS_LANGUAGES, {
  error: '语言只能是 zh（中文）或 en（英文）',
});

/**
 * An SDS version as the supplier writes it (1.0, V2.1, 2025-03): it names the file in its public
 * address, so letters, digits, dots, dashes and underscores only.
 */
export const SDS_VERSION_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,19}$/;
export const SDS_VERSION_MSG = '版本号须为 1-20 位字母、数字、点、短横线或下划线';
export const sdsVersionField = requiredText('请输入版本号', 20).regex(SDS_VERSION_RE, {
  error: SDS_VERSION_MSG,
});

/** 修订日期, epoch ms as multipart text carries it. */
export const sdsRevisedAtField = numeric(
  z
    .number({ error: '请选择修订日期' })
    .int({ error: '修订日期有误' })
    .positive({ error: '修订日期有误' }),
);

/** The text fields of POST /manage/v1/products/{id}/sds (beside the multipart `file`). */
export const sdsUploadFields = z.object({
  language: sdsLanguageField,
  version: sdsVersionField,
  revisedAt: sdsRevisedAtField,
});
export type SdsUploadFields = z.output<typeof sdsUploadFields>;

/** The text fields of POST /manage/v1/products/sds/import (a zip of `<货号>.pdf` / `<货号>-en.pdf`). */
export const sdsImportFields = z.object({
  version: sdsVersionField,
  revisedAt: sdsRevisedAtField,
});

/** A current SDS as the storefront lists it (GET /client/v1/products/{id}/sds, product `sds`). */
export const sdsEntrySchema = z.object({
  language: sdsLanguageField,
  version: z.string(),
  revisedAt: z.number(),
  url: z.string(),
});
export type SdsEntry = z.infer<typeof sdsEntrySchema>;

/** Every stored version, for the console's product form (GET /manage/v1/products/{id}/sds). */
export const manageSdsSchema = sdsEntrySchema.extend({
  id: z.number().int(),
  /** The newest upload of its language: the one the storefront shows. */
  current: z.boolean(),
  createTime: z.number(),
  staffName: z.string(),
});
export type ManageSds = z.infer<typeof manageSdsSchema>;

export const sdsImportResultSchema = z.object({
  imported: z.array(
    z.object({
      file: z.string(),
      number: z.string(),
      name: z.string(),
      language: sdsLanguageField,
    }),
  ),
  failed: z.array(z.object({ file: z.string(), msg: z.string() })),
});
export type SdsImportResult = z.infer<typeof sdsImportResultSchema>;

/** GET /manage/v1/products/{id}/label: the pack and lot the GB 15258 label is printed for. */
export const labelQuery = z.object({
  materialId: idParam,
  lotNumber: requiredText('请输入批号', 64),
});

/**
 * The 24-hour emergency telephone (24 小时应急咨询电话) printed on safety labels (站点设置 >
 * 安全标签): digits with the separators phone numbers are written with.
 */
export const emergencyPhoneInput = z.object({
  phone: requiredText('请输入 24 小时应急咨询电话', 50).regex(/^[\d+()\s-]{5,50}$/, {
    error: '应急咨询电话只能包含数字、空格、+、-和括号',
  }),
});
export type EmergencyPhone = z.output<typeof emergencyPhoneInput>;
