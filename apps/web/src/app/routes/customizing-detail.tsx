import { Link, useParams } from 'react-router';
import { Empty } from '@/components/ui/empty';
import { Spinner } from '@/components/ui/spinner';
import { useCustomized } from '@/features/customized/api/get-customized';
import { CustomDetail } from '@/features/customized/components/custom-detail';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { isNotFound, LoadFailed } from '@/components/ui/load-failed';

function Request({ id }: { id: number }) {
  const request = useCustomized(id);
  if (request.isPending) return <Spinner />;
  if (request.isError && isNotFound(request.error)) {
    return <Empty text="定制需求不存在或已无法查看" />;
  }
  if (request.isError) {
    return <LoadFailed onRetry={() => void request.refetch()} retrying={request.isFetching} />;
  }
  return <CustomDetail request={request.data} />;
}

export default function CustomizingDetailPage() {
  const raw = useParams().id ?? '';
  const id = Number(raw);
  useDocumentMeta('定制详情');
  return (
    <div className="mx-auto max-w-[1266px] px-4 py-6">
      <div className="mb-4 flex items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">定制详情</h1>
        <Link to="/userinfo/2-3" className="text-sm text-primary hover:underline">
          返回我的定制
        </Link>
      </div>
      {Number.isInteger(id) && id > 0 ? (
        <Request id={id} />
      ) : (
        <Empty text="定制需求不存在或已无法查看" />
      )}
    </div>
  );
}
