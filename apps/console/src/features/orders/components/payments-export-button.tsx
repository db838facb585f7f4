import { useState } from 'react';
import { Button, DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { PAYMENTS_EXPORT_MAX } from '@labshop/shared/schemas';
import { FormModal } from '@/components/form-modal';
import { api } from '@/lib/api-client';
import { can, useSession } from '@/lib/session';
import { payTypeOptions } from '../lib/labels';

interface ExportForm {
  range: [Dayjs, Dayjs];
  payType?: number;
}

/**
 * 导出收款记录: every money movement of the chosen days as an XLSX for finance's reconciliation
 * (GET /manage/v1/payments/export, docs/console.md "Lists"); shown to staff with `payments`.
 */
export function PaymentsExportButton() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  if (!can(session, 'payments')) return null;

  const download = async (v: ExportForm) => {
    const [start, end] = v.range;
    setSaving(true);
    try {
      await api.download(
        '/manage/v1/payments/export',
        {
          from: start.startOf('day').valueOf(),
          to: end.endOf('day').valueOf(),
          payType: v.payType,
        },
        `收款记录_${start.format('YYYYMMDD')}-${end.format('YYYYMMDD')}.xlsx`,
      );
      setOpen(false);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>导出收款记录</Button>
      <FormModal
        title="导出收款记录"
        open={open}
        form="payments-export"
        saving={saving}
        okText="导出"
        onCancel={() => setOpen(false)}
      >
        <Form<ExportForm> name="payments-export" layout="vertical" onFinish={download}>
          <Form.Item
            name="range"
            label="收付款日期"
            rules={[{ required: true, message: '请选择导出的时间范围' }]}
            extra={`收款、退款与余额调整，退款为负数；每次最多 ${PAYMENTS_EXPORT_MAX} 条`}
          >
            <DatePicker.RangePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="payType" label="支付方式">
            <Select allowClear placeholder="全部" options={payTypeOptions} />
          </Form.Item>
        </Form>
      </FormModal>
    </>
  );
}
