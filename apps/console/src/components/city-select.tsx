import { useMemo } from 'react';
import { TreeSelect } from 'antd';
import { useDivisions } from '@/hooks/use-divisions';

/**
 * The order filter's delivery-city multi-select. It reads the storefront's division file
 * (/region/divisions.json, served with the storefront) and groups cities the way the
 * storefront's city picker does: 直辖市 first (picked as cities), then each province with its
 * cities, then 特别行政区. More than two choices collapse into "+N".
 */
const MUNICIPALITIES = ['110000', '120000', '310000', '500000'];
const SPECIAL_REGIONS = ['810000', '820000'];

interface CityNode {
  title: string;
  value: string;
  selectable?: boolean;
  checkable?: boolean;
  children?: CityNode[];
}

const isProvince = (code: string) => code.endsWith('0000');
const isCity = (code: string) =>
  !isProvince(code) && (code.endsWith('00') || Number(code.slice(2)) > 9000);

function cityTree(divisions: Record<string, string>): CityNode[] {
  const codes = Object.keys(divisions)
    .filter((k) => /^\d{6}$/.test(k))
    .sort();
  const provinces = codes.filter(isProvince);
  const cities = codes.filter(isCity);
  const leaf = (code: string): CityNode => ({ title: divisions[code] ?? code, value: code });
  const group = (key: string, title: string, children: CityNode[]): CityNode => ({
    title,
    value: key,
    selectable: false,
    checkable: false,
    children,
  });
  const regular = provinces
    .filter((p) => !MUNICIPALITIES.includes(p) && !SPECIAL_REGIONS.includes(p))
    .map((p) => {
      const own = cities.filter((c) => c.slice(0, 2) === p.slice(0, 2));
      return group(`g${p}`, divisions[p] ?? p, (own.length ? own : [p]).map(leaf));
    });
  return [
    group('gm', '直辖市', MUNICIPALITIES.filter((c) => divisions[c]).map(leaf)),
    ...regular,
    group('gs', '特别行政区', SPECIAL_REGIONS.filter((c) => divisions[c]).map(leaf)),
  ];
}

export function CitySelect(props: { value?: string[]; onChange?: (value: string[]) => void }) {
  const divisions = useDivisions();
  const tree = useMemo(() => (divisions.data ? cityTree(divisions.data) : []), [divisions.data]);
  return (
    <TreeSelect<string[]>
      treeData={tree}
      loading={divisions.isPending}
      value={props.value ?? []}
      onChange={(v) => props.onChange?.(v)}
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_CHILD}
      multiple
      allowClear
      showSearch
      treeNodeFilterProp="title"
      maxTagCount={2}
      maxTagPlaceholder={(omitted) => `等${omitted.length}个`}
      placeholder="收货城市"
      style={{ width: 260 }}
      popupMatchSelectWidth={400}
      listHeight={340}
    />
  );
}
