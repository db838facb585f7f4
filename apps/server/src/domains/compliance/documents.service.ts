import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  QUALIFICATION_LABEL,
  effectiveStatus,
  holderKey,
  fromBase,
  toBase,
  type Paged,
  type QualificationKind,
} from '@labshop/shared';
import {
  qualificationFields,
  substanceInput,
  type ManageQualification,
  type ManageQualificationDetail,
  type Qualification,
  qualificationOwnerQuery,
  type manageQualificationQuery,
  type reviewBody,
} from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import type { FileStore } from '../../lib/file-store/index.ts';
import { now } from '../../lib/clock.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { parseFields, type UploadedFile } from '../../lib/multipart.ts';
import { openPrivateDocument, savePrivateDocument } from '../../lib/uploads.ts';
import { recordAudit } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { findOrg, roleOrNotFound } from '../organizations/index.ts';
import type { StaffIdentity } from '../staff/index.ts';
import * as repo from './compliance.repository.ts';
import { today, asStored, asUnit } from './stored-values.ts';

/*
 * The buyer's documents for controlled chemicals (licences, permits, records): upload, the
 * member's own list and files, and the staff review (docs/compliance.md).
 */

const NOT_FOUND = '证件不存在';
const DAY = 86_400_000;
const ORG_UPLOADERS_ONLY = '仅单位管理员或安全员可以上传单位资质';
const ORG_HOLDER = (name: string) => `单位资质的持证单位须为本单位名称「${name}」`;
/** The organization page's 单位资质 tab, where its members see the review's outcome. */
const orgDocumentsLink = (orgId: number) => `/userinfo/5-1?org=${orgId}&tab=documents`;

/**
 * Whose documents a member asks for: their own, or (with orgId) the organization's, which every
 * member sees (a non-member: 404 单位不存在).
 */
async function ownerFor(db: Db, userId: number, orgId?: number): Promise<repo.DocumentOwner> {
  if (orgId === undefined) return { userId, orgId: null };
  await roleOrNotFound(db, orgId, userId);
  return { userId, orgId };
}

/**
 * Whose an upload is: the member's own (its fields as given), or with orgId the organization's,
 * held in its name (only its admin or safety officer uploads one; a differing holder is refused).
 */
async function uploadOwner(
  db: Db,
  userId: number,
  fields: Record<string, string>,
): Promise<{ orgId: number | null; fields: Record<string, string> }> {
  if (fields.orgId === undefined) return { orgId: null, fields };
  const { orgId } = parseFields(qualificationOwnerQuery.required(), { orgId: fields.orgId });
  const role = await roleOrNotFound(db, orgId, userId);
  if (role !== 'admin' && role !== 'safety') throw badRequest(ORG_UPLOADERS_ONLY);
  const name = (await findOrg(db, orgId))?.name ?? '';
  const given = fields.holder?.trim() ?? '';
  if (given !== '' && holderKey(given) !== holderKey(name)) throw badRequest(ORG_HOLDER(name));
  return { orgId, fields: { ...fields, holder: name } };
}

function toQualification(q: repo.QualificationRow, subs: repo.SubstanceRow[]): Qualification {
  return {
    id: q.id,
    kind: q.kind as QualificationKind,
    number: q.number,
    holder: q.holder,
    validUntil: q.validUntil,
    status: effectiveStatus(asStored(q.status), q.validUntil, today()),
    reason: q.reason,
    fileType: q.fileType,
    createTime: q.createdAt,
    reviewTime: q.reviewedAt,
    orgId: q.orgId,
    substances: subs
      .filter((s) => s.qualificationId === q.id)
      .map((s) => ({
        id: s.id,
        cas: s.cas,
        unit: asUnit(s.unit),
        quantity: fromBase(Number(s.quantity), asUnit(s.unit)),
        remaining: fromBase(Number(s.remaining), asUnit(s.unit)),
      })),
  };
}

/** Days from today (China) to the document's last day; negative once past. */
function daysLeft(validUntil: string, at = now()): number {
  const last = Date.parse(`${validUntil}T00:00:00Z`);
  const day = Date.parse(`${today(at)}T00:00:00Z`);
  return Math.round((last - day) / DAY);
}

/**
 * POST /client/v1/user/qualifications: the document's fields are checked (a document already
 * past its last day is refused; every kind but the licence lists substances with quantities),
 * its file is stored privately after its content proved to be a PDF, JPEG or PNG, and it waits
 * for review. With orgId it is the organization's document, held in its name.
 */
export async function uploadQualification(
  db: Db,
  files: FileStore,
  userId: number,
  fields: Record<string, string>,
  file: UploadedFile | undefined,
): Promise<{ id: number }> {
  const owner = await uploadOwner(db, userId, fields);
  const input = parseFields(qualificationFields, owner.fields);
  if (input.validUntil < today()) throw badRequest('证件已过有效期，不能上传');
  const substances = parseSubstances(input.kind, input.substances);
  if (!file || file.data.length === 0) throw badRequest('请上传证件文件（PDF、JPEG 或 PNG）');
  const stored = await savePrivateDocument(files, 'qualifications', file.data);
  const t = now();
  return db.transaction().execute(async (trx) => {
    const id = await repo.insertQualification(trx, {
      userId,
      kind: input.kind,
      number: input.number,
      holder: input.holder,
      validUntil: input.validUntil,
      status: 'pending',
      file: stored.file,
      fileType: stored.type,
      fileName: file.filename.slice(0, 200),
      orgId: owner.orgId,
      reviewedBy: null,
      reviewedAt: null,
      createdAt: t,
      updatedAt: t,
    });
    await repo.insertSubstances(
      trx,
      substances.map((s) => {
        const base = toBase(s.quantity, s.unit).amount;
        return {
          qualificationId: id,
          cas: s.cas,
          unit: s.unit,
          quantity: base,
          remaining: base,
        };
      }),
    );
    await notify(trx, 'staff-document-to-review', {
      userId,
      documentName: QUALIFICATION_LABEL[input.kind],
    });
    return { id };
  });
}

function parseSubstances(kind: QualificationKind, text: string | undefined) {
  if (kind === 'business-licence') return [];
  let raw: unknown;
  try {
    raw = JSON.parse(text ?? '');
  } catch {
    throw badRequest('请填写证件列明的品种和数量（substances）');
  }
  if (!Array.isArray(raw) || raw.length === 0) {
    throw badRequest('请填写证件列明的品种和数量（substances）');
  }
  if (raw.length > 50) throw badRequest('品种最多 50 个');
  const list = raw.map((item) => {
    const parsed = substanceInput.safeParse(item);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? '品种信息有误');
    return parsed.data;
  });
  const seen = new Set<string>();
  for (const s of list) {
    if (seen.has(s.cas)) throw badRequest(`品种重复：${s.cas}`);
    seen.add(s.cas);
  }
  return list;
}

/** The member's own documents, or with orgId the organization's. */
export async function listOwn(db: Db, userId: number, orgId?: number): Promise<Qualification[]> {
  const rows = await repo.qualificationsOf(db, await ownerFor(db, userId, orgId));
  const subs = await repo.substancesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((q) => toQualification(q, subs));
}

export interface DocumentFile {
  stream: Readable;
  size: number;
  type: string;
  name: string;
}

/**
 * The member's own document file, or with orgId one of the organization's; another member's (or
 * another organization's) answers 404 like an unknown one.
 */
export async function ownFile(
  db: Db,
  files: FileStore,
  userId: number,
  id: number,
  orgId?: number,
): Promise<DocumentFile> {
  const q = await repo.findQualification(db, id, await ownerFor(db, userId, orgId));
  if (!q) throw notFound(NOT_FOUND);
  return fileOf(files, q);
}

async function fileOf(files: FileStore, q: repo.QualificationRow): Promise<DocumentFile> {
  const ext = q.fileType === 'application/pdf' ? 'pdf' : q.fileType === 'image/png' ? 'png' : 'jpg';
  return {
    ...(await openPrivateDocument(files, q.file)),
    type: q.fileType,
    name: `qualification-${q.id}.${ext}`,
  };
}

type StaffRow = NonNullable<Awaited<ReturnType<typeof repo.findQualificationForStaff>>>;

function toManage(q: StaffRow, subs: repo.SubstanceRow[]): ManageQualification {
  return {
    ...toQualification(q, subs),
    orgName: q.orgId === null ? null : (q.orgName ?? ''),
    userId: q.userId,
    account: q.account ?? '',
    company: q.company ?? '',
    daysLeft: daysLeft(q.validUntil),
    reviewerName: q.reviewerName ?? '',
  };
}

export async function listForStaff(
  db: Db,
  q: z.output<typeof manageQualificationQuery>,
): Promise<Paged<ManageQualification>> {
  const t = now();
  const page = await repo.pageQualifications(
    db,
    {
      status: q.status,
      today: today(t),
      expiringBy: q.expiringWithin === undefined ? undefined : today(t + q.expiringWithin * DAY),
      userId: q.userId,
    },
    { page: q.page, size: q.size },
  );
  const subs = await repo.substancesOf(
    db,
    page.records.map((r) => r.id),
  );
  return {
    records: page.records.map((r) => toManage(r, subs)),
    current: q.page,
    size: q.size,
    total: page.total,
  };
}

export async function detailForStaff(db: Db, id: number): Promise<ManageQualificationDetail> {
  const q = await repo.findQualificationForStaff(db, id);
  if (!q) throw notFound(NOT_FOUND);
  const [subs, moves] = await Promise.all([
    repo.substancesOf(db, [id]),
    repo.movementsOfQualification(db, id),
  ]);
  return {
    ...toManage(q, subs),
    movements: moves.map((m) => ({
      id: m.id,
      substanceId: m.substanceId,
      cas: m.cas,
      orderId: m.orderId,
      orderNumber: m.orderNumber ?? '',
      change: fromBase(Number(m.change), asUnit(m.unit)),
      remainingAfter: fromBase(Number(m.remainingAfter), asUnit(m.unit)),
      unit: asUnit(m.unit),
      reason: m.reason === 'cancel' ? 'cancel' : 'order',
      createTime: m.createdAt,
    })),
  };
}

export async function fileForStaff(db: Db, files: FileStore, id: number): Promise<DocumentFile> {
  const q = await repo.findQualification(db, id);
  if (!q) throw notFound(NOT_FOUND);
  return fileOf(files, q);
}

/**
 * Approves a pending document, or rejects a pending or approved one (revoking it) with a reason
 * the member sees. Audited in the same transaction.
 */
export async function review(
  db: Db,
  staff: StaffIdentity,
  id: number,
  body: z.output<typeof reviewBody>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const q = await repo.findQualification(trx, id);
    if (!q) throw notFound(NOT_FOUND);
    const t = now();
    if (body.approve && q.validUntil < today(t)) throw badRequest('证件已过有效期，不能通过审核');
    const from = body.approve ? ['pending'] : ['pending', 'approved'];
    const status = body.approve ? 'approved' : 'rejected';
    const done = await repo.reviewQualification(trx, id, from, {
      status,
      reason: body.reason,
      reviewedBy: staff.id,
      reviewedAt: t,
    });
    if (!done) {
      throw badRequest(
        q.status === 'rejected' ? '该证件已驳回，请会员重新上传' : '该证件已审核通过',
      );
    }
    await notify(trx, 'document-reviewed', {
      userId: q.userId,
      documentName: QUALIFICATION_LABEL[q.kind as QualificationKind] ?? '证件',
      result: body.approve ? '已通过审核' : '未通过审核',
      remark: body.reason,
      link: q.orgId === null ? '/userinfo/1-5' : orgDocumentsLink(q.orgId),
    });
    await recordAudit(trx, {
      staffId: staff.id,
      action: body.approve ? 'qualification.approve' : 'qualification.reject',
      target: `qualification:${id}`,
      before: { status: q.status, reason: q.reason },
      after: { status, reason: body.reason },
    });
  });
}
