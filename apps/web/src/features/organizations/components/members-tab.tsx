import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  ORG_ROLES,
  ORG_ROLE_LABEL,
  type OrgDetail,
  type OrgMember,
  type OrgRole,
} from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useUserInfo } from '@/lib/member';
import { toastError, toastSuccess } from '@/lib/toast';
import { useAddMember, useChangeRole, useRemoveMember } from '../api/members';
import { mayManage } from '../lib/roles';

function RoleSelect({
  value,
  onChange,
  label,
  disabled,
}: {
  value: OrgRole;
  onChange: (role: OrgRole) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <Select
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as OrgRole)}
      className="h-8"
    >
      {ORG_ROLES.map((r) => (
        <option key={r} value={r}>
          {ORG_ROLE_LABEL[r]}
        </option>
      ))}
    </Select>
  );
}

function AddMemberForm({ orgId }: { orgId: number }) {
  const add = useAddMember(orgId);
  const [account, setAccount] = useState('');
  const [role, setRole] = useState<OrgRole>('buyer');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (account.trim() === '') return toastError('请输入手机号或邮箱');
    add.mutate(
      { account: account.trim(), role },
      {
        onSuccess: () => {
          toastSuccess('已添加成员');
          setAccount('');
        },
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-wrap items-center gap-2"
      data-testid="member-add"
    >
      <Input
        aria-label="成员账号"
        placeholder="已注册会员的手机号或邮箱"
        maxLength={100}
        className="h-8 w-64"
        value={account}
        onChange={(e) => setAccount(e.target.value)}
      />
      <RoleSelect label="新成员角色" value={role} onChange={setRole} />
      <Button type="submit" size="sm" loading={add.isPending}>
        添加成员
      </Button>
    </form>
  );
}

/** 成员: the members and their roles; admins add, re-role and remove; anyone may leave. */
export default function MembersTab({ org }: { org: OrgDetail }) {
  const me = useUserInfo();
  const manage = mayManage(org.role);
  const change = useChangeRole(org.id);
  const remove = useRemoveMember(org.id);
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState<OrgMember | null>(null);
  const self = (m: OrgMember) => m.account === me.data?.account;

  const confirmRemove = () => {
    if (!leaving) return;
    const own = self(leaving);
    remove.mutate(leaving.userId, {
      onSuccess: () => {
        toastSuccess(own ? '已退出单位' : '已移除成员');
        if (own) void navigate('/userinfo/5-1');
      },
      onSettled: () => setLeaving(null),
    });
  };

  return (
    <div className="flex flex-col gap-4">
      {manage && <AddMemberForm orgId={org.id} />}
      <div className="overflow-x-auto">
        <table className="w-full min-w-[28rem] text-left text-sm" data-testid="member-list">
          <thead className="bg-gray-50 text-gray-600">
            <tr>
              <th className="p-2">姓名</th>
              <th className="p-2">账号</th>
              <th className="p-2">角色</th>
              <th className="p-2 text-right">操作</th>
            </tr>
          </thead>
          <tbody>
            {org.members.map((m) => (
              <tr key={m.userId} className="border-t border-gray-100">
                <td className="p-2">{m.name || '--'}</td>
                <td className="p-2 break-all">{m.account}</td>
                <td className="p-2">
                  {manage ? (
                    <RoleSelect
                      label={`${m.account} 的角色`}
                      value={m.role}
                      disabled={change.isPending}
                      onChange={(role) =>
                        change.mutate(
                          { userId: m.userId, role },
                          { onSuccess: () => toastSuccess('已修改角色') },
                        )
                      }
                    />
                  ) : (
                    ORG_ROLE_LABEL[m.role]
                  )}
                </td>
                <td className="p-2 text-right">
                  {self(m) ? (
                    <Button size="sm" variant="ghost" onClick={() => setLeaving(m)}>
                      退出单位
                    </Button>
                  ) : (
                    manage && (
                      <Button size="sm" variant="ghost" onClick={() => setLeaving(m)}>
                        移除
                      </Button>
                    )
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-xs text-gray-500">
        采购员可为单位下单；审批人审批订单；安全员审批含管制化学品的订单并上传单位资质；管理员管理成员、规则和经费卡。单位至少保留一名管理员。
      </p>
      <ConfirmDialog
        open={leaving !== null}
        message={
          leaving && self(leaving)
            ? `确定退出“${org.name}”？`
            : `确定将 ${leaving?.name || leaving?.account || ''} 移出单位？`
        }
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setLeaving(null)}
      />
    </div>
  );
}
