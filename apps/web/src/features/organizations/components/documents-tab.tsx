import type { OrgDetail } from '@labshop/shared/schemas';
import {
  QualificationList,
  QualificationUploadForm,
} from '@/components/compliance/qualification-documents';
import { mayHoldDocuments } from '../lib/roles';

/**
 * 单位资质: the organization's own documents (营业执照, 备案证明, 许可证), held in its name; every
 * member's orders for it are checked against them (docs/organizations.md).
 */
export default function DocumentsTab({ org }: { org: OrgDetail }) {
  return (
    <div className="flex flex-col gap-4" data-testid="org-documents">
      <p className="text-sm text-gray-600">
        单位资质由本单位全体成员共用：成员为本单位下单购买易制毒、剧毒、易制爆化学品时，按单位资质核验并扣减证件数量；持证单位为「
        {org.name}」。
      </p>
      <QualificationList orgId={org.id} empty="暂无单位资质" />
      {mayHoldDocuments(org.role) ? (
        <section>
          <h3 className="mb-3 font-semibold text-gray-900">上传单位资质</h3>
          <QualificationUploadForm orgId={org.id} holder={org.name} />
        </section>
      ) : (
        <p className="text-sm text-gray-500">单位资质由单位管理员或安全员上传。</p>
      )}
    </div>
  );
}
