import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ORG_ROLE_LABEL } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { Empty } from '@/components/ui/empty';
import { Spinner } from '@/components/ui/spinner';
import { toastError, toastSuccess } from '@/lib/toast';
import { useCreateOrg, useOrgs } from '../api/orgs';
import { OrgPage } from './org-page';
import { VerifiedTag } from './verified-tag';

function CreateOrgForm({ onCreated }: { onCreated: (id: number) => void }) {
  const create = useCreateOrg();
  const [name, setName] = useState('');
  const [uscc, setUscc] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') return toastError('请输入单位名称');
    create.mutate(
      { name: name.trim(), uscc: uscc.trim() },
      {
        onSuccess: ({ id }) => {
          toastSuccess('创建成功');
          setName('');
          setUscc('');
          onCreated(id);
        },
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex max-w-xl flex-col gap-3"
      data-testid="org-create"
    >
      <Field label="单位名称" required>
        <Input
          maxLength={100}
          placeholder="如：某某大学化学学院张三课题组"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      </Field>
      <Field label="统一社会信用代码">
        <Input
          maxLength={18}
          placeholder="选填，18 位"
          value={uscc}
          onChange={(e) => setUscc(e.target.value)}
        />
      </Field>
      <Button type="submit" loading={create.isPending} className="self-start sm:ml-31">
        创建单位
      </Button>
    </form>
  );
}

/**
 * 5-1 我的单位: the member's organizations (单位 / 课题组) with their role, a form to create one,
 * and, with ?org=, that organization's page (docs/organizations.md).
 */
export function OrgsPage() {
  const [params, setParams] = useSearchParams();
  const orgs = useOrgs();
  const chosen = Number(params.get('org'));
  if (chosen > 0) return <OrgPage id={chosen} />;
  const open = (id: number) => setParams({ org: String(id) });
  return (
    <div className="flex flex-col gap-6">
      <h2 className="border-b border-gray-100 pb-3 text-lg font-semibold text-gray-900">
        我的单位
      </h2>
      <p className="text-sm text-gray-600">
        课题组或实验室可以单位身份采购：成员共享收货地址和发票抬头，按经费卡下单，超过审批金额的订单由负责人审批后付款。
      </p>
      {orgs.isPending ? (
        <Spinner />
      ) : (orgs.data ?? []).length === 0 ? (
        <Empty text="暂未加入任何单位" />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="org-list">
          {orgs.data?.map((o) => (
            <li key={o.id}>
              <Link
                to={`?org=${o.id}`}
                className="flex flex-col gap-1 rounded border border-gray-200 p-4 text-sm hover:border-primary"
              >
                <span className="flex flex-wrap items-center gap-2">
                  <strong className="text-base text-gray-900">{o.name}</strong>
                  <VerifiedTag verified={o.verified} />
                </span>
                <span className="text-gray-500">
                  我的角色：<span className="text-gray-800">{ORG_ROLE_LABEL[o.role]}</span>
                </span>
                {o.uscc && <span className="text-gray-500">统一社会信用代码：{o.uscc}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <section>
        <h3 className="mb-3 font-semibold text-gray-900">创建单位 / 课题组</h3>
        <CreateOrgForm onCreated={open} />
      </section>
    </div>
  );
}
