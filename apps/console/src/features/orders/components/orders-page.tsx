import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, DatePicker, Form, Input, Select, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  ORDER_STATUS_LABEL,
  PAY_STATUS_LABEL,
  PAY_TYPE_LABEL,
  formatDateTime,
} from '@labshop/shared';
import type { ManageOrder } from '@labshop/shared/schemas';
import { CitySelect } from '@/components/city-select';
import { api } from '@/lib/api-client';
import { FilterBar } from '@/components/filter-bar';
import { usePhoneScreen } from '@/hooks/use-phone-screen';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { sortColumn, sortOf } from '@/lib/table-sort';
import { useOrders } from '../api/get-orders';
import { PaymentsExportButton } from './payments-export-button';
import { MergedPaymentButton } from './merged-payment';
import { BulkShipButton } from './bulk-ship-modal';
import { OrderCards } from './order-cards';
import {
  STATUS_COLOR,
  money,
  payStatusOptions,
  payTypeOptions,
  statusOptions,
} from '../lib/labels';

interface FilterForm {
  number?: string;
  status?: number;
  payStatus?: number;
  payType?: number;
  range?: [Dayjs, Dayjs] | null;
  phone?: string;
  product?: string;
  cities?: string[];
  pending?: '1' | '0';
}

export default function OrdersPage() {
  const { filters, setFilters } = useUrlFilters();
  const page = Number(filters.page ?? 1);
  const size = Number(filters.size ?? 20);
  const orders = useOrders(filters);
  const phone = usePhoneScreen();
  // Rows picked across pages for the list's toolbar actions (合并确认收款).
  const [selected, setSelected] = useState<ManageOrder[]>([]);

  const initial: FilterForm = {
    number: filters.number,
    status: filters.status ? Number(filters.status) : undefined,
    payStatus: filters.payStatus ? Number(filters.payStatus) : undefined,
    payType: filters.payType ? Number(filters.payType) : undefined,
    range:
      filters.startTime && filters.endTime
        ? [dayjs(Number(filters.startTime)), dayjs(Number(filters.endTime))]
        : null,
    phone: filters.phone,
    product: filters.product,
    cities: filters.cities ? filters.cities.split(',') : [],
    pending: filters.pending === '1' || filters.pending === '0' ? filters.pending : undefined,
  };

  const search = (v: FilterForm) =>
    setFilters({
      number: v.number?.trim(),
      status: v.status,
      payStatus: v.payStatus,
      payType: v.payType,
      startTime: v.range?.[0].startOf('day').valueOf(),
      endTime: v.range?.[1].endOf('day').valueOf(),
      phone: v.phone?.trim(),
      product: v.product?.trim(),
      cities: v.cities?.join(','),
      pending: v.pending,
      sort: filters.sort,
      size,
    });

  const moreInUse = Boolean(
    filters.payStatus ||
    filters.payType ||
    filters.startTime ||
    filters.phone ||
    filters.product ||
    filters.cities ||
    filters.pending,
  );
  const pagination = {
    current: page,
    pageSize: size,
    total: orders.data?.total ?? 0,
    onChange: (p: number, s: number) => setFilters({ ...filters, page: p, size: s }),
  };

  return (
    <Card title="订单管理">
      <FilterBar<FilterForm>
        initialValues={initial}
        onSearch={search}
        onReset={() => setFilters({})}
        moreInUse={moreInUse}
        more={
          <>
            <Form.Item name="payStatus">
              <Select
                placeholder="支付状态"
                allowClear
                options={payStatusOptions}
                style={{ width: 120 }}
              />
            </Form.Item>
            <Form.Item name="payType">
              <Select
                placeholder="支付方式"
                allowClear
                options={payTypeOptions}
                style={{ width: 120 }}
              />
            </Form.Item>
            <Form.Item name="range">
              <DatePicker.RangePicker />
            </Form.Item>
            <Form.Item name="phone">
              <Input placeholder="会员/收货手机号" allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="product">
              <Input placeholder="商品名称/货号/CAS" allowClear style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="cities">
              <CitySelect />
            </Form.Item>
            <Form.Item name="pending">
              <Select
                placeholder="定价状态"
                allowClear
                options={[
                  { value: '1', label: '待确认价格' },
                  { value: '0', label: '已定价' },
                ]}
                style={{ width: 120 }}
              />
            </Form.Item>
          </>
        }
        actions={
          <>
            <Button
              onClick={() => {
                const { page: _page, size: _size, ...query } = filters;
                void api.download('/manage/v1/orders/export', query, '订单.xlsx');
              }}
            >
              导出 Excel
            </Button>
            <PaymentsExportButton />
            <MergedPaymentButton orders={selected} onDone={() => setSelected([])} />
            <BulkShipButton selected={selected} onDone={() => setSelected([])} />
          </>
        }
      >
        <Form.Item name="number">
          <Input placeholder="订单号" allowClear style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="status">
          <Select
            placeholder="订单状态"
            allowClear
            options={statusOptions}
            style={{ width: 120 }}
          />
        </Form.Item>
      </FilterBar>
      {phone ? (
        <OrderCards
          orders={orders.data?.records ?? []}
          loading={orders.isFetching}
          selected={selected}
          onSelect={setSelected}
          pagination={pagination}
        />
      ) : (
        <Table<ManageOrder>
          rowKey="id"
          loading={orders.isFetching}
          dataSource={orders.data?.records ?? []}
          rowSelection={{
            selectedRowKeys: selected.map((o) => o.id),
            preserveSelectedRowKeys: true,
            onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
          }}
          scroll={{ x: 1100 }}
          onChange={(_p, _f, sorter, { action }) => {
            if (action === 'sort') setFilters({ ...filters, sort: sortOf(sorter), page: 1 });
          }}
          pagination={{
            ...pagination,
            showSizeChanger: true,
            showTotal: (t) => `共 ${t} 条`,
          }}
          columns={[
            {
              title: '订单号',
              dataIndex: 'number',
              render: (v: string, r) => (
                <>
                  <Link to={`/orders/${r.id}`}>{v}</Link>
                  {r.poNumber && <div style={{ color: '#999' }}>采购单号 {r.poNumber}</div>}
                </>
              ),
            },
            {
              title: '会员',
              render: (_, r) => (
                <>
                  {r.member.name || r.member.account}
                  <div style={{ color: '#999' }}>{r.member.phone || r.member.account}</div>
                </>
              ),
            },
            { title: '收货人', render: (_, r) => `${r.deliveryUsername} ${r.deliveryPhone}` },
            {
              title: '应付金额',
              dataIndex: 'amount',
              render: money,
              ...sortColumn(filters.sort, 'amount'),
            },
            {
              title: '订单状态',
              dataIndex: 'status',
              render: (v: number) => <Tag color={STATUS_COLOR[v]}>{ORDER_STATUS_LABEL[v]}</Tag>,
            },
            {
              title: '支付状态',
              dataIndex: 'payStatus',
              render: (v: number) => PAY_STATUS_LABEL[v],
            },
            { title: '支付方式', dataIndex: 'payType', render: (v: number) => PAY_TYPE_LABEL[v] },
            {
              title: '下单时间',
              dataIndex: 'createTime',
              render: (v: number) => formatDateTime(v),
              ...sortColumn(filters.sort, 'createTime'),
            },
          ]}
        />
      )}
    </Card>
  );
}
