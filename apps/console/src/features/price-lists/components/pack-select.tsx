import { useState } from 'react';
import { Select } from 'antd';
import { usePackChoices } from '../api/options';

/** One pack of a line: searched by 货号, name or CAS; shows the pack a saved line names. */
export function PackSelect({
  value,
  onChange,
  label,
}: {
  value?: number;
  onChange?: (materialId: number) => void;
  /** What the saved or imported line names, until a search replaces the options. */
  label?: string;
}) {
  const [key, setKey] = useState('');
  const packs = usePackChoices(key);
  const options = (packs.data ?? []).map((p) => ({
    value: p.materialId,
    label: `${p.number} ${p.name} ${p.pack}（会员价 ${p.listPrice === null ? '待确认' : `￥${p.listPrice.toFixed(2)}`}）`,
  }));
  if (value !== undefined && !options.some((o) => o.value === value)) {
    options.unshift({ value, label: label ?? `物料 ${value}` });
  }
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: (text) => setKey(text.trim()) }}
      placeholder="货号、名称或 CAS"
      aria-label="规格"
      value={value}
      onChange={onChange}
      options={options}
      loading={packs.isFetching}
      style={{ width: '100%' }}
    />
  );
}
