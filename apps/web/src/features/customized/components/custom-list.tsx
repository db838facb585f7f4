import { Empty } from '@/components/ui/empty';

/** 我的定制 in the account area. */
export function CustomList() {
  return (
    <section>
      <div className="mb-5 border-b border-gray-100 pb-3">
        <h2 className="text-lg font-semibold text-gray-900">我的定制</h2>
      </div>
      <Empty />
    </section>
  );
}

export default CustomList;
