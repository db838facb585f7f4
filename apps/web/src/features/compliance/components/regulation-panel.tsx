import { Link } from 'react-router';
import {
  QUALIFICATION_LABEL,
  REGULATION_LABEL,
  UNITS_ONLY,
  needsPurpose,
  requiredDocument,
  type QualificationKind,
  type Regulation,
} from '@labshop/shared';
import type { Qualification } from '@labshop/shared/schemas';
import { useIsLoggedIn } from '@/lib/session';
import { useBuyingDocuments } from '@/hooks/use-qualifications';
import { useBuyingFor } from '@/lib/buying-for';
import { HAZARD_TEXT } from '../lib/hazard-statements';
import { GhsPictogramIcon } from './ghs-pictogram';

const casKey = (cas: string) => cas.replace(/[^0-9]/g, '');

/** Whether the member holds an approved document of the kind listing the CAS (or the licence). */
function holds(docs: readonly Qualification[], kind: QualificationKind, cas: string): boolean {
  return docs.some(
    (d) =>
      d.kind === kind &&
      d.status === 'approved' &&
      (kind === 'business-licence' ||
        d.substances.some((s) => casKey(s.cas) === casKey(cas) && s.remaining > 0)),
  );
}

/**
 * The product's classes, GHS label and the documents every class needs, with whether the buyer
 * has them: the member, or the organization they buy for (采购身份), whose 单位资质 count for its
 * orders (the server decides at checkout; docs/compliance.md section 3). A product on two lists
 * (高锰酸钾) needs what each class needs.
 */
export function RegulationPanel({ regulation, cas }: { regulation: Regulation; cas: string }) {
  const loggedIn = useIsLoggedIn();
  const buying = useBuyingDocuments(useBuyingFor());
  const org = buying.data?.org ?? null;
  const docs = buying.data?.documents;
  const { category, ghs } = regulation;
  const classes =
    regulation.categories.length > 0 ? regulation.categories : category ? [category] : [];
  const controlled = classes.filter((c) => requiredDocument(c) !== null);
  const unitsOnly = controlled.some((c) => UNITS_ONLY.includes(c));
  // The class's own documents first (许可证, 备案证明), then the unit's licence.
  const own = [
    ...new Set(
      controlled.flatMap((c) => {
        const k = requiredDocument(c);
        return k && k !== 'business-licence' ? [k] : [];
      }),
    ),
  ];
  const kinds: QualificationKind[] = [
    ...own,
    ...(unitsOnly ? (['business-licence'] as const) : []),
  ];
  const askUse = controlled.some(needsPurpose);
  if (classes.length === 0 && !ghs) return null;
  return (
    <section
      aria-labelledby="regulation-title"
      className="mt-5 rounded-md border border-red-200 bg-white p-4"
      data-testid="regulation-panel"
    >
      <h2 id="regulation-title" className="mb-3 text-base font-semibold text-gray-900">
        安全与管控信息
      </h2>
      {classes.length > 0 && (
        <p className="text-sm text-gray-800">
          <strong className="mr-1 font-medium text-red-700">
            {classes.map((c) => REGULATION_LABEL[c]).join('、')}
          </strong>
          {kinds.length > 0 && (
            <span>
              购买须提供审核通过的
              {own.length > 0
                ? `${own.map((k) => QUALIFICATION_LABEL[k]).join('和')}${unitsOnly ? '及单位营业执照' : ''}`
                : QUALIFICATION_LABEL['business-licence']}
              {askUse && '，并逐项填写用途'}
              ，持证单位须与订单单位一致；个人不得购买
              {unitsOnly ? '' : '（第三类须单位备案）'}。
            </span>
          )}
        </p>
      )}
      {kinds.length > 0 && (
        <p className="mt-2 flex flex-col gap-1 text-sm" data-testid="regulation-status">
          {!loggedIn ? (
            <span className="text-gray-600">登录后可查看您的资质文件是否满足要求。</span>
          ) : (
            docs &&
            kinds.map((kind) =>
              holds(docs, kind, cas) ? (
                <span key={kind} className="text-green-700">
                  {org ? `单位「${org.name}」` : '您'}已有审核通过的{QUALIFICATION_LABEL[kind]}。
                </span>
              ) : org ? (
                <span key={kind} className="text-red-700">
                  单位「{org.name}」尚无可用的{QUALIFICATION_LABEL[kind]}，
                  <Link to={`/userinfo/5-1?org=${org.id}&tab=documents`} className="underline">
                    查看单位资质
                  </Link>
                </span>
              ) : (
                <span key={kind} className="text-red-700">
                  您尚无可用的{QUALIFICATION_LABEL[kind]}，
                  <Link to="/userinfo/1-5" className="underline">
                    去上传资质文件
                  </Link>
                </span>
              ),
            )
          )}
        </p>
      )}
      {ghs && (
        <div className="mt-3 flex flex-wrap items-start gap-4">
          <div className="flex flex-wrap gap-2">
            {ghs.pictograms.map((p) => (
              <GhsPictogramIcon key={p} code={p} />
            ))}
          </div>
          <div className="text-sm">
            {ghs.signalWord && (
              <p className="font-bold text-red-700" data-testid="signal-word">
                {ghs.signalWord}
              </p>
            )}
            <ul className="mt-1 list-none text-gray-800">
              {ghs.hazardStatements.map((h) => (
                <li key={h}>
                  {h} {HAZARD_TEXT[h] ?? ''}
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
    </section>
  );
}
