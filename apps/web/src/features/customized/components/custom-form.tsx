import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LIMITS } from '@labshop/shared';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/input';
import { toastError, toastSuccess } from '@/lib/toast';
import { useCreateCustomized } from '../api/create-customized';
import { useUserInfo } from '@/lib/member';
import {
  checkRequest,
  emptyGoods,
  requestBody,
  type GoodsDraft,
  type RequestDraft,
} from '../lib/check-request';

const MAX_LINES = 50;
const GOODS_COLUMNS =
  'sm:grid-cols-[minmax(0,2fr)_minmax(0,1.2fr)_minmax(0,1fr)_112px_80px_48px] sm:items-end';

const digits = (v: string) => v.replace(/\D/g, '').slice(0, 4);

const GOODS_FIELDS: { key: keyof GoodsDraft; label: string; max: number; numeric?: boolean }[] = [
  { key: 'name', label: '商品名称', max: 100 },
  { key: 'cas', label: 'CAS号', max: 30 },
  { key: 'pack', label: '规格', max: 50 },
  { key: 'expectDeliveryTime', label: '期望货期(天)', max: 4, numeric: true },
  { key: 'quantity', label: '数量', max: 4, numeric: true },
];

function GoodsLines({
  lines,
  onChange,
}: {
  lines: GoodsDraft[];
  onChange: (lines: GoodsDraft[]) => void;
}) {
  const update = (i: number, patch: Partial<GoodsDraft>) =>
    onChange(lines.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  return (
    <div className="flex flex-col gap-2">
      <div className={`hidden gap-2 text-sm text-gray-500 sm:grid ${GOODS_COLUMNS}`}>
        {GOODS_FIELDS.map((f) => (
          <span key={f.key}>
            <span className="mr-0.5 text-red-500">*</span>
            {f.label}
          </span>
        ))}
        <span />
      </div>
      {lines.map((line, i) => (
        <div
          key={i}
          data-testid="custom-goods-line"
          className={`grid grid-cols-2 gap-2 rounded border border-gray-200 p-2 sm:border-0 sm:p-0 ${GOODS_COLUMNS}`}
        >
          {GOODS_FIELDS.map((f) => (
            <label
              key={f.key}
              className={f.key === 'name' ? 'col-span-2 sm:col-span-1' : undefined}
            >
              <span className="mb-0.5 block text-xs text-gray-500 sm:hidden">{f.label}</span>
              <Input
                aria-label={`${f.label} ${i + 1}`}
                placeholder={f.label}
                value={line[f.key]}
                maxLength={f.max}
                inputMode={f.numeric ? 'numeric' : undefined}
                onChange={(e) =>
                  update(i, { [f.key]: f.numeric ? digits(e.target.value) : e.target.value })
                }
              />
            </label>
          ))}
          <button
            type="button"
            onClick={() => onChange(lines.filter((_, j) => j !== i))}
            aria-label={`删除第 ${i + 1} 项`}
            className="col-span-2 h-8 text-right text-sm text-gray-500 hover:text-red-500 sm:col-span-1 sm:h-10 sm:text-center"
          >
            删除
          </button>
        </div>
      ))}
      {lines.length === 0 && <p className="text-sm text-gray-400">请添加定制商品</p>}
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        disabled={lines.length >= MAX_LINES}
        onClick={() => onChange([...lines, emptyGoods()])}
      >
        + 添加商品
      </Button>
    </div>
  );
}

const EMPTY_DRAFT: RequestDraft = {
  goodsList: [emptyGoods()],
  company: '',
  contact: '',
  phone: '',
  email: '',
  content: '',
  remark: '',
};

/**
 * The custom request form: goods lines, company, contact, phone (and an optional email for visitors),
 * content and remark. A member then sees the request in the account area; a visitor is told
 * that we will be in touch.
 */
export function CustomForm({ member }: { member: boolean }) {
  const navigate = useNavigate();
  const info = useUserInfo({ enabled: member });
  const create = useCreateCustomized();
  const [draft, setDraft] = useState<RequestDraft>(EMPTY_DRAFT);
  const [prefilled, setPrefilled] = useState(false);
  // The member's profile fills empty contact fields once, as soon as it arrives.
  if (info.data && !prefilled) {
    setPrefilled(true);
    setDraft((d) => ({
      ...d,
      company: d.company || info.data.company,
      contact: d.contact || info.data.name,
      phone: d.phone || info.data.phone,
    }));
  }
  const set = (patch: Partial<RequestDraft>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = () => {
    const problem = checkRequest(draft, !member);
    if (problem) {
      toastError(problem);
      return;
    }
    create.mutate(requestBody(draft), {
      onSuccess: ({ id }) => {
        if (member) {
          toastSuccess('提交成功');
          void navigate(`/customizing/${id}`);
        } else {
          toastSuccess('提交成功，我们会尽快与您联系');
          setDraft({ ...EMPTY_DRAFT, goodsList: [emptyGoods()] });
        }
      },
    });
  };

  return (
    <div className="flex flex-col gap-5">
      <section className="rounded border border-gray-200 bg-white p-4">
        <h2 className="mb-3 font-semibold text-gray-900">定制商品</h2>
        <GoodsLines lines={draft.goodsList} onChange={(goodsList) => set({ goodsList })} />
      </section>
      <section className="flex flex-col gap-3 rounded border border-gray-200 bg-white p-4">
        <h2 className="font-semibold text-gray-900">联系信息</h2>
        <Field label="单位名称" required>
          <Input
            value={draft.company}
            maxLength={100}
            onChange={(e) => set({ company: e.target.value })}
          />
        </Field>
        <Field label="联系人" required>
          <Input
            value={draft.contact}
            maxLength={50}
            onChange={(e) => set({ contact: e.target.value })}
          />
        </Field>
        <Field label="联系电话" required>
          <Input
            value={draft.phone}
            inputMode="tel"
            maxLength={11}
            onChange={(e) => set({ phone: e.target.value })}
          />
        </Field>
        {!member && (
          <Field label="邮箱">
            <Input
              type="email"
              value={draft.email}
              maxLength={100}
              onChange={(e) => set({ email: e.target.value })}
            />
          </Field>
        )}
        <Field label="定制内容">
          <Textarea
            value={draft.content}
            maxLength={LIMITS.textMax}
            placeholder="纯度、溶剂、浓度、包装等要求"
            onChange={(e) => set({ content: e.target.value })}
          />
        </Field>
        <Field label="备注">
          <Textarea
            value={draft.remark}
            rows={2}
            maxLength={LIMITS.textMax}
            onChange={(e) => set({ remark: e.target.value })}
          />
        </Field>
        <div className="sm:pl-31">
          <Button size="lg" onClick={submit} loading={create.isPending}>
            提交定制
          </Button>
        </div>
      </section>
    </div>
  );
}
