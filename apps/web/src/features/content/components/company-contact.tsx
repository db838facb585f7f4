import type { ReactNode } from 'react';
import { useCompany } from '@/hooks/use-company';

const orDash = (v: string | undefined) => (v?.trim() ? v : '--');

function Icon({ d }: { d: string }) {
  return (
    <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary">
      <svg
        viewBox="0 0 24 24"
        className="h-[18px] w-[18px]"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        <path d={d} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  );
}

const ICONS = {
  company: 'M3 21h18M5 21V7l7-4 7 4v14M9 9h.01M15 9h.01M9 13h.01M15 13h.01M10 21v-4h4v4',
  tel: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
  email: 'M4 6h16v12H4zM4 7l8 6 8-6',
  address:
    'M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5',
};

function Row({ icon, label, children }: { icon: string; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-3">
      <Icon d={icon} />
      <dl className="min-w-0">
        <dt className="text-xs text-gray-400">{label}</dt>
        <dd className="break-words text-sm text-gray-800">{children}</dd>
      </dl>
    </div>
  );
}

/** Company name, phone, email and address; '--' where the company info leaves a blank. */
export function CompanyContact() {
  const { data } = useCompany();
  const email = data?.email?.trim();
  return (
    <div className="flex flex-col gap-5">
      <Row icon={ICONS.company} label="公司名称">
        {orDash(data?.name)}
      </Row>
      <Row icon={ICONS.tel} label="联系电话">
        {data?.tel?.trim() ? (
          <a href={`tel:${data.tel}`} className="hover:text-primary">
            {data.tel}
          </a>
        ) : (
          '--'
        )}
      </Row>
      <Row icon={ICONS.email} label="电子邮箱">
        {email ? (
          <a href={`mailto:${email}`} className="hover:text-primary">
            {email}
          </a>
        ) : (
          '--'
        )}
      </Row>
      <Row icon={ICONS.address} label="公司地址">
        {orDash(data?.address)}
      </Row>
    </div>
  );
}
