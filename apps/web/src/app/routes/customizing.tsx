import { Link } from 'react-router';
import { CustomForm } from '@/features/customized/components/custom-form';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { useIsLoggedIn } from '@/lib/session';

/** /customizing: the custom request form, for visitors and members alike. */
export default function CustomizingPage() {
  const loggedIn = useIsLoggedIn();
  useDocumentMeta('定制服务');
  return (
    <div className="mx-auto max-w-[1266px] px-4 py-6">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-xl font-semibold">定制服务</h1>
          <p className="mt-1 text-sm text-gray-500">
            找不到需要的标准品？填写定制需求，我们的技术人员会尽快与您联系。
          </p>
        </div>
        {loggedIn && (
          <Link to="/userinfo/2-3" className="text-sm text-primary hover:underline">
            我的定制
          </Link>
        )}
      </div>
      <CustomForm member={loggedIn} />
    </div>
  );
}
