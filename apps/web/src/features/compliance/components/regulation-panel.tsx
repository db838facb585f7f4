import { Link } from 'react-router';
import {
  QUALIFICATION_LABEL,
  REGULATION_LABEL,
  UNITS_ONLY,
  requiredDocument,
  type Regulation,
} from '@labshop/shared';
import { useIsLoggedIn } from '@/lib/session';
import { useQualifications } from '../api/get-qualifications';
import { HAZARD_TEXT } from '../lib/hazard-statements';
import { GhsPictogramIcon } from './ghs-pictogram';

const casKey = (cas: string) => cas.replace(/[^0-9]/g, '');

/** Whether the member holds an approved document of the kind listing the CAS (or the licence). */
function useHolds(kind: string | null, cas: string): boolean | null {
  const docs = useQualifications();
  if (!kind || !docs.data) return null;
  return docs.data.some(
    (d) =>
      d.kind === kind &&
      d.status === 'approved' &&
      (kind === 'business-licence' ||
        d.substances.some((s) => casKey(s.cas) === casKey(cas) && s.remaining > 0)),
  );
}

/**
 * The product's class, GHS label and the document it needs, with whether the member has it
 * (the server decides at checkout; docs/compliance.md).
 */
export function RegulationPanel({ regulation, cas }: { regulation: Regulation; cas: string }) {
  const loggedIn = useIsLoggedIn();
  const kind = requiredDocument(regulation.category);
  const holds = useHolds(kind, cas);
  const { category, ghs } = regulation;
  if (!category && !ghs) return null;
  return (
    <section
      aria-labelledby="regulation-title"
      className="mt-5 rounded-md border border-red-200 bg-white p-4"
      data-testid="regulation-panel"
    >
      <h2 id="regulation-title" className="mb-3 text-base font-semibold text-gray-900">
        安全与管控信息
      </h2>
      {category && (
        <p className="text-sm text-gray-800">
          <strong className="mr-1 font-medium text-red-700">{REGULATION_LABEL[category]}</strong>
          {kind && (
            <span>
              购买须提供审核通过的{QUALIFICATION_LABEL[kind]}
              {kind !== 'business-licence' && UNITS_ONLY.includes(category) && '及单位营业执照'}
              ，持证单位须与订单单位一致；个人不得购买
              {UNITS_ONLY.includes(category) ? '' : '（第三类须单位备案）'}。
            </span>
          )}
        </p>
      )}
      {kind && (
        <p className="mt-2 text-sm" data-testid="regulation-status">
          {!loggedIn ? (
            <span className="text-gray-600">登录后可查看您的资质文件是否满足要求。</span>
          ) : holds ? (
            <span className="text-green-700">您已有审核通过的{QUALIFICATION_LABEL[kind]}。</span>
          ) : (
            <span className="text-red-700">
              您尚无可用的{QUALIFICATION_LABEL[kind]}，
              <Link to="/userinfo/1-5" className="underline">
                去上传资质文件
              </Link>
            </span>
          )}
        </p>
      )}
      {ghs && (
        <div className="mt-3 flex flex-wrap items-start gap-4">
          <div className="flex gap-1">
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
