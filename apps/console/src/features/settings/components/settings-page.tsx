import { Card, Tabs } from 'antd';
import { bankInput, companyInput } from '@labshop/shared/schemas';
import { useUrlFilters } from '@/hooks/use-url-filters';
import { can, useSession } from '@/lib/session';
import { SettingForm, type SettingField } from './setting-form';
import { LicencesForm } from './licences-form';
import { SealForm } from './seal-form';
import { SearchKeysForm } from './search-keys-form';
import { EmergencyPhoneForm } from './emergency-phone-form';

const company = companyInput.shape;
const COMPANY: SettingField[] = [
  { name: 'name', label: '公司名称', schema: company.name },
  { name: 'tel', label: '联系电话', schema: company.tel, placeholder: '如：010-12345678' },
  { name: 'email', label: '邮箱', schema: company.email },
  { name: 'address', label: '地址', schema: company.address },
  {
    name: 'hazardLicence',
    label: '危险化学品经营许可证',
    schema: company.hazardLicence,
    placeholder: '许可证编号，显示在网站页脚；多个用“；”分隔',
  },
];

const bank = bankInput.shape;
const BANK: SettingField[] = [
  { name: 'accountName', label: '开户名称', schema: bank.accountName },
  { name: 'bankName', label: '开户银行', schema: bank.bankName },
  {
    name: 'accountNumber',
    label: '银行账号',
    schema: bank.accountNumber,
    // The server takes any text; the form keeps what a bank transfer can use.
    rules: [{ pattern: /^[\d\s-]+$/, message: '银行账号只能包含数字、空格和短横线' }],
  },
];

/**
 * Site settings the storefront shows: the company's contact details (footer, contact pages,
 * documents), the bank details for transfers and the seal printed on quotes and order documents
 * (money routing: finance and admins, changed with a second person's confirmation), and the hot
 * search keywords (content). Each staff member sees the tabs their roles allow; the tab is kept
 * in the URL. The footer's licence numbers (经营许可) are content, saved at once; the safety
 * labels' 24-hour emergency phone (安全标签) belongs to catalogue staff, who keep the SDS.
 */
export default function SettingsPage() {
  const { filters, setFilters } = useUrlFilters();
  const session = useSession();
  const routing = can(session, 'money-routing');
  const items = [
    ...(routing
      ? [
          {
            key: 'company',
            label: '公司信息',
            children: <SettingForm setting="company" fields={COMPANY} />,
          },
          {
            key: 'bank',
            label: '银行信息',
            children: <SettingForm setting="bank" fields={BANK} />,
          },
          { key: 'seal', label: '公司印章', children: <SealForm /> },
        ]
      : []),
    ...(can(session, 'content')
      ? [
          { key: 'search-keys', label: '热门搜索', children: <SearchKeysForm /> },
          { key: 'licences', label: '经营许可', children: <LicencesForm /> },
        ]
      : []),
    // Printed on the GB 15258 labels, kept by the staff who keep the products' safety data.
    ...(can(session, 'catalogue')
      ? [{ key: 'safety-label', label: '安全标签', children: <EmergencyPhoneForm /> }]
      : []),
  ];
  const active = items.some((i) => i.key === filters.tab) ? filters.tab : items[0]?.key;
  return (
    <Card title="站点设置">
      <Tabs
        activeKey={active}
        onChange={(tab) => setFilters({ tab })}
        destroyOnHidden
        items={items}
      />
    </Card>
  );
}
