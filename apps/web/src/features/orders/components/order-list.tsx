import { Empty } from '@/components/ui/empty';

/** 我的订单 in the account area. */
export function OrderList() {
  return (
    <section>
      <div className="mb-5 border-b border-gray-100 pb-3">
        <h2 className="text-lg font-semibold text-gray-900">我的订单</h2>
      </div>
      <Empty />
    </section>
  );
}

export default OrderList;
