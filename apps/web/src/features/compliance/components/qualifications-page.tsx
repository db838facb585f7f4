import {
  QualificationList,
  QualificationUploadForm,
} from '@/components/compliance/qualification-documents';

/** /userinfo/1-5: the member's documents for controlled chemicals (docs/compliance.md). */
export function QualificationsPage() {
  return (
    <div>
      <h2 className="mb-5 border-b border-gray-100 pb-3 text-lg font-semibold text-gray-900">
        资质文件
      </h2>
      <p className="mb-4 text-sm text-gray-600">
        购买易制毒、剧毒、易制爆化学品须先上传对应证件并通过审核；证件持证单位须与订单的发票抬头或账户单位名称一致。
      </p>
      <div className="mb-6">
        <QualificationList empty="暂无资质文件" />
      </div>
      <h3 className="mb-3 font-semibold text-gray-900">上传证件</h3>
      <QualificationUploadForm />
    </div>
  );
}
