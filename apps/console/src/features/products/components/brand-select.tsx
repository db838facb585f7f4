import { useState } from 'react';
import { Select } from 'antd';
import { useBrands } from '@/hooks/use-reference-data';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The product's brand, picked from the shop's brands. A name that is not in the list is offered
 * as an explicit 新建品牌「…」 choice instead of being created by a typo (YifangLab beside
 * Yifanglab); the server also treats names that differ only in case as one brand.
 */
export function BrandSelect(props: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}) {
  const brands = useBrands();
  const [typed, setTyped] = useState('');
  const names = (brands.data ?? []).map((b) => b.name);
  const text = typed.trim();
  const options = [
    ...names.map((name) => ({ value: name, label: name })),
    ...(text && !names.some((n) => sameName(n, text))
      ? [{ value: text, label: `新建品牌「${text}」` }]
      : []),
  ];
  return (
    <Select<string>
      id={props.id}
      value={props.value || undefined}
      onChange={(v) => props.onChange?.(v ?? '')}
      options={options}
      loading={brands.isPending}
      showSearch={{ onSearch: setTyped, optionFilterProp: 'label' }}
      allowClear
      placeholder="选择品牌，或输入名称新建"
    />
  );
}
