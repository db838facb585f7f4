import { Link } from 'react-router';
import { useCompany } from '@/hooks/use-company';
import { SHOP_NAME } from './brand';
import { GridIcon, MailIcon, PhoneIcon, PinIcon, ShieldIcon, TruckIcon } from './icons';

const PROMISES = [
  { icon: GridIcon, title: '品类齐全', text: '标准品、试剂、耗材、仪器一站购齐' },
  { icon: ShieldIcon, title: '正品保证', text: '原厂正品，随货提供分析证书' },
  { icon: TruckIcon, title: '多仓发货', text: '多地仓库就近发货，极速送达' },
];

const SECTIONS = [
  {
    title: '购物指南',
    links: [
      { to: '/article/registerlogin', text: '注册登录' },
      { to: '/article/productorder', text: '商品订购' },
      { to: '/article/distributionshipping', text: '配送发货' },
    ],
  },
  { title: '下载中心', links: [{ to: '/certificate', text: 'COA 下载' }] },
  {
    title: '关于我们',
    links: [
      { to: '/about', text: '公司简介' },
      { to: '/article/certificate', text: '资质证书' },
    ],
  },
];

const ICP = '京ICP备2021035286号-1';

/** Promises, help links, contact details, the public-account QR code and the legal line. */
export function SiteFooter() {
  const { data: company } = useCompany();
  const contact = [
    { icon: PhoneIcon, label: '电话', value: company?.tel },
    { icon: MailIcon, label: '邮箱', value: company?.email },
    { icon: PinIcon, label: '地址', value: company?.address },
  ];

  return (
    <footer className="mt-10 bg-white text-sm text-gray-600">
      <div className="border-y border-gray-200">
        <ul className="mx-auto grid max-w-[1266px] gap-4 px-4 py-6 sm:grid-cols-3">
          {PROMISES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex items-center gap-3 sm:justify-center">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary">
                <Icon className="h-6 w-6" />
              </span>
              <span>
                <strong className="block text-base text-gray-900">{title}</strong>
                <span className="text-xs text-gray-500">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>

      <div className="mx-auto grid max-w-[1266px] grid-cols-2 gap-x-6 gap-y-8 px-4 py-8 md:grid-cols-[1fr_1fr_1fr_2fr_auto]">
        {SECTIONS.map((s) => (
          <section key={s.title}>
            <h2 className="mb-3 font-semibold text-gray-900">{s.title}</h2>
            <ul className="space-y-2">
              {s.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="hover:text-primary">
                    {l.text}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section className="col-span-2 md:col-span-1">
          <h2 className="mb-3 font-semibold text-gray-900">联系我们</h2>
          <ul className="space-y-2">
            {contact.map(({ icon: Icon, label, value }) => (
              <li key={label} className="flex gap-2">
                <Icon className="mt-0.5 h-4 w-4 shrink-0 text-primary" />
                <span className="shrink-0 text-gray-500">{label}：</span>
                <span className="min-w-0 break-all" data-testid={`company-${label}`}>
                  {value || '--'}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <figure className="col-span-2 flex flex-col items-center gap-2 md:col-span-1">
          <img
            src="/images/qrcode.svg"
            alt="官方公众号二维码"
            width={112}
            height={112}
            loading="lazy"
            className="h-28 w-28 rounded border border-gray-200 bg-white p-1"
          />
          <figcaption className="text-xs text-gray-500">扫码关注官方公众号</figcaption>
        </figure>
      </div>

      <div className="bg-gray-800 text-xs text-gray-300">
        <div className="mx-auto flex max-w-[1266px] flex-wrap items-center justify-center gap-x-4 gap-y-1 px-4 py-4 text-center">
          <span>
            Copyright © {new Date().getFullYear()} {company?.name || SHOP_NAME} 版权所有
          </span>
          <a
            href="https://beian.miit.gov.cn/"
            target="_blank"
            rel="noopener noreferrer"
            className="hover:text-white"
          >
            {ICP}
          </a>
          <Link to="/article/certificate" className="hover:text-white" data-testid="hazard-licence">
            危险化学品经营许可证{company?.hazardLicence ? `：${company.hazardLicence}` : ''}
          </Link>
          {company?.precursorRecord && (
            <Link
              to="/article/certificate"
              className="hover:text-white"
              data-testid="precursor-record"
            >
              易制毒化学品经营备案：{company.precursorRecord}
            </Link>
          )}
          <Link to="/article/certificate" className="hover:text-white">
            营业执照
          </Link>
        </div>
      </div>
    </footer>
  );
}
