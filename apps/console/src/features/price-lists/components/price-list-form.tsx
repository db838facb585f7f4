import { useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Select, Space, Spin } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { FormModal } from '@/components/form-modal';
import { MoneyInput } from '@/components/money-input';
import { useOrgChoices } from '../api/options';
import {
  usePriceList,
  useSavePriceList,
  type PriceList,
  type PriceListLine,
} from '../api/price-lists';
import { ImportLines } from './import-lines';
import { PackSelect } from './pack-select';

interface Values {
  name: string;
  orgIds: number[];
  validity: [Dayjs, Dayjs];
  lines: PriceListLine[];
}

function packLabel(line: PriceListLine | undefined): string | undefined {
  if (!line?.number) return undefined;
  return `${line.number} ${line.name ?? ''} ${line.pack ?? ''}`;
}

function OrgSelect(props: {
  value?: number[];
  onChange?: (ids: number[]) => void;
  known: PriceList['orgs'];
}) {
  const [keyword, setKeyword] = useState('');
  const orgs = useOrgChoices(keyword);
  const options = (orgs.data?.records ?? []).map((o) => ({ value: o.id, label: o.name }));
  for (const o of props.known ?? []) {
    if (!options.some((x) => x.value === o.id)) options.push({ value: o.id, label: o.name });
  }
  return (
    <Select
      mode="multiple"
      aria-label="适用单位"
      placeholder="搜索单位名称"
      showSearch={{ filterOption: false, onSearch: (text) => setKeyword(text.trim()) }}
      value={props.value}
      onChange={props.onChange}
      options={options}
      loading={orgs.isFetching}
    />
  );
}

function ListForm({
  list,
  save,
  onDone,
}: {
  list: PriceList | null;
  save: ReturnType<typeof useSavePriceList>;
  onDone: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const initial: Partial<Values> = list
    ? {
        name: list.name,
        orgIds: list.orgIds ?? (list.orgs ?? []).map((o) => o.id),
        validity: [dayjs(list.validFrom), dayjs(list.validUntil)],
        lines: list.lines,
      }
    : { lines: [] };

  return (
    <Form<Values>
      form={form}
      name="price-list"
      layout="vertical"
      initialValues={initial}
      onFinish={(v) =>
        save.mutate(
          {
            name: v.name.trim(),
            orgIds: v.orgIds,
            validFrom: v.validity[0].startOf('day').valueOf(),
            validUntil: v.validity[1].endOf('day').valueOf(),
            lines: v.lines.map((l) => ({
              materialId: l.materialId,
              price: l.price,
              minQuantity: l.minQuantity,
            })),
          },
          { onSuccess: onDone },
        )
      }
    >
      <Form.Item
        name="name"
        label="名称"
        rules={[{ required: true, whitespace: true, message: '请输入名称' }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="orgIds"
        label="适用单位"
        rules={[{ required: true, message: '请选择适用单位' }]}
      >
        <OrgSelect known={list?.orgs} />
      </Form.Item>
      <Form.Item
        name="validity"
        label="有效期"
        rules={[{ required: true, message: '请选择有效期' }]}
      >
        <DatePicker.RangePicker style={{ width: '100%' }} />
      </Form.Item>
      <ImportLines
        onLines={(lines) =>
          form.setFieldValue('lines', [
            ...((form.getFieldValue('lines') as PriceListLine[] | undefined) ?? []),
            ...lines,
          ])
        }
      />
      <Form.List
        name="lines"
        rules={[
          {
            validator: async (_, lines: PriceListLine[] | undefined) => {
              if (!lines || lines.length === 0) throw new Error('请至少添加一行合同价');
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" wrap style={{ display: 'flex' }}>
                <Form.Item
                  name={[field.name, 'materialId']}
                  rules={[{ required: true, message: '请选择规格' }]}
                  style={{ width: 340 }}
                >
                  <PackSelect
                    label={packLabel(
                      form.getFieldValue(['lines', field.name]) as PriceListLine | undefined,
                    )}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'price']}
                  rules={[{ required: true, message: '请输入合同价' }]}
                  style={{ width: 140 }}
                >
                  <MoneyInput min={0.01} placeholder="合同价" aria-label="合同价" />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'minQuantity']}
                  rules={[{ required: true, message: '请输入起订量' }]}
                  style={{ width: 110 }}
                >
                  <InputNumber<number>
                    min={1}
                    precision={0}
                    placeholder="起订量"
                    aria-label="起订量"
                  />
                </Form.Item>
                <Button
                  icon={<DeleteOutlined />}
                  aria-label="删除此行"
                  onClick={() => remove(field.name)}
                />
              </Space>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ minQuantity: 1 })}>
              添加一行
            </Button>
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </Form>
  );
}

/** 新建合同价 / 编辑合同价: name, organizations, validity and tiered lines (docs/contract-prices-credit.md). */
export function PriceListForm({ id, onClose }: { id: number | null | 'new'; onClose: () => void }) {
  const detail = usePriceList(typeof id === 'number' ? id : null);
  const save = useSavePriceList(typeof id === 'number' ? id : null);
  return (
    <FormModal
      title={id === 'new' ? '新建合同价' : '编辑合同价'}
      open={id !== null}
      form="price-list"
      saving={save.isPending}
      onCancel={onClose}
      width={760}
    >
      {typeof id === 'number' && !detail.data ? (
        <Spin />
      ) : (
        <ListForm
          list={typeof id === 'number' ? (detail.data ?? null) : null}
          save={save}
          onDone={onClose}
        />
      )}
    </FormModal>
  );
}
