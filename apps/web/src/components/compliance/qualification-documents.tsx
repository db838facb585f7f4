import { useState, type FormEvent } from 'react';
import {
  DOCUMENT_UNITS,
  QUALIFICATION_KINDS,
  QUALIFICATION_LABEL,
  QUALIFICATION_STATUS_LABEL,
  type QualificationKind,
} from '@labshop/shared';
import { Button } from '@/components/ui/button';
import {
  openQualificationFile,
  useQualifications,
  useUploadQualification,
} from '@/hooks/use-qualifications';

/*
 * Documents for controlled chemicals, shown by the member's 资质文件 page (their own) and by an
 * organization's 单位资质 tab (the organization's): docs/compliance.md, docs/organizations.md.
 */

const STATUS_CLASS: Record<string, string> = {
  pending: 'text-orange-600',
  approved: 'text-green-700',
  rejected: 'text-red-600',
  expired: 'text-gray-500',
};

interface SubstanceRow {
  cas: string;
  quantity: string;
  unit: string;
}

const input = 'h-9 rounded border border-gray-300 px-2 text-sm';

/**
 * The upload of a document for review. With orgId it is the organization's own, held in its
 * name (`holder`, shown and not editable); only its admin or safety officer sees this form.
 */
export function QualificationUploadForm({ orgId, holder }: { orgId?: number; holder?: string }) {
  const upload = useUploadQualification();
  const [kind, setKind] = useState<QualificationKind>('precursor-record');
  const [rows, setRows] = useState<SubstanceRow[]>([{ cas: '', quantity: '', unit: 'L' }]);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const element = e.currentTarget;
    const form = new FormData(element);
    if (orgId !== undefined) form.set('orgId', String(orgId));
    if (kind !== 'business-licence') {
      form.set(
        'substances',
        JSON.stringify(
          rows
            .filter((r) => r.cas.trim() !== '')
            .map((r) => ({ cas: r.cas.trim(), quantity: Number(r.quantity), unit: r.unit })),
        ),
      );
    }
    // The file goes last, after the text fields the server reads first.
    const file = form.get('file');
    form.delete('file');
    if (file) form.append('file', file);
    upload.mutate(form, {
      onSuccess: (msg) => {
        // Emptied for the next document, so the same one is not sent twice by mistake.
        element.reset();
        setRows([{ cas: '', quantity: '', unit: 'L' }]);
        setNote({ ok: true, text: msg });
      },
      onError: (err) => setNote({ ok: false, text: err.message }),
    });
  };
  const set = (i: number, patch: Partial<SubstanceRow>) =>
    setRows(rows.map((r, k) => (k === i ? { ...r, ...patch } : r)));
  return (
    <form
      onSubmit={submit}
      className="flex w-full max-w-2xl min-w-0 flex-col gap-3"
      data-testid="qualification-form"
    >
      <label className="flex items-center gap-3 text-sm">
        <span className="w-20 shrink-0 text-right text-gray-600 sm:w-24">证件类型</span>
        <select
          name="kind"
          className={`${input} min-w-0 flex-1 sm:flex-none`}
          value={kind}
          onChange={(e) => setKind(e.target.value as QualificationKind)}
        >
          {QUALIFICATION_KINDS.map((k) => (
            <option key={k} value={k}>
              {QUALIFICATION_LABEL[k]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-3 text-sm">
        <span className="w-20 shrink-0 text-right text-gray-600 sm:w-24">证件编号</span>
        <input name="number" required maxLength={64} className={`${input} min-w-0`} />
      </label>
      <label className="flex items-center gap-3 text-sm">
        <span className="w-20 shrink-0 text-right text-gray-600 sm:w-24">持证单位</span>
        <input
          name="holder"
          required
          maxLength={100}
          className={`${input} w-80 max-w-full read-only:bg-gray-50`}
          {...(holder === undefined ? {} : { value: holder, readOnly: true })}
        />
      </label>
      <label className="flex items-center gap-3 text-sm">
        <span className="w-20 shrink-0 text-right text-gray-600 sm:w-24">有效期至</span>
        <input name="validUntil" type="date" required className={input} />
      </label>
      {kind !== 'business-licence' && (
        <fieldset className="flex min-w-0 flex-col gap-2 text-sm">
          <legend className="mb-1 text-gray-600">证件列明的品种与数量</legend>
          {rows.map((r, i) => (
            <div key={i} className="flex gap-2">
              <input
                aria-label="CAS号"
                placeholder="CAS号，如 60-29-7"
                className={`${input} min-w-0 flex-1 sm:flex-none`}
                value={r.cas}
                onChange={(e) => set(i, { cas: e.target.value })}
              />
              <input
                aria-label="数量"
                placeholder="数量"
                inputMode="decimal"
                className={`${input} w-20 min-w-0 sm:w-24`}
                value={r.quantity}
                onChange={(e) => set(i, { quantity: e.target.value })}
              />
              <select
                aria-label="单位"
                className={input}
                value={r.unit}
                onChange={(e) => set(i, { unit: e.target.value })}
              >
                {DOCUMENT_UNITS.map((u) => (
                  <option key={u}>{u}</option>
                ))}
              </select>
            </div>
          ))}
          <button
            type="button"
            className="self-start text-primary"
            onClick={() => setRows([...rows, { cas: '', quantity: '', unit: 'L' }])}
          >
            + 添加品种
          </button>
        </fieldset>
      )}
      <label className="flex items-center gap-3 text-sm">
        <span className="w-20 shrink-0 text-right text-gray-600 sm:w-24">证件文件</span>
        <input name="file" type="file" required accept="application/pdf,image/jpeg,image/png" />
      </label>
      <p className="text-xs text-gray-500">
        PDF、JPEG 或 PNG，不超过 10 MB；提交后由合规专员审核。
      </p>
      {note && (
        <p role="status" className={note.ok ? 'text-sm text-green-700' : 'text-sm text-red-600'}>
          {note.text}
        </p>
      )}
      <Button type="submit" disabled={upload.isPending} className="self-start">
        提交审核
      </Button>
    </form>
  );
}

/** The documents with their remaining quantities and review status; with orgId the organization's. */
export function QualificationList({ orgId, empty }: { orgId?: number; empty: string }) {
  const docs = useQualifications(orgId);
  return (
    // On a phone the table scrolls sideways inside this box: a keyboard must reach it too.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="资质文件列表">
      <table className="w-full min-w-[40rem] text-left text-sm" data-testid="qualification-list">
        <thead className="bg-gray-50 text-gray-600">
          <tr>
            <th className="p-2">证件</th>
            <th className="p-2">编号 / 持证单位</th>
            <th className="p-2">有效期至</th>
            <th className="p-2">品种与剩余数量</th>
            <th className="p-2">状态</th>
          </tr>
        </thead>
        <tbody>
          {(docs.data ?? []).map((d) => (
            <tr key={d.id} className="border-t border-gray-100 align-top">
              <td className="p-2">
                <button
                  type="button"
                  className="text-primary underline"
                  onClick={() => void openQualificationFile(d.id, orgId)}
                >
                  {QUALIFICATION_LABEL[d.kind]}
                </button>
              </td>
              <td className="p-2">
                {d.number}
                <br />
                {d.holder}
              </td>
              <td className="p-2">{d.validUntil}</td>
              <td className="p-2">
                {d.substances.map((s) => (
                  <div key={s.id}>
                    {s.cas}：{s.remaining} / {s.quantity} {s.unit}
                  </div>
                ))}
              </td>
              <td className={`p-2 ${STATUS_CLASS[d.status] ?? ''}`}>
                {QUALIFICATION_STATUS_LABEL[d.status]}
                {d.reason && <div className="text-xs text-gray-600">{d.reason}</div>}
              </td>
            </tr>
          ))}
          {docs.data?.length === 0 && (
            <tr>
              <td colSpan={5} className="p-4 text-center text-gray-500">
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
