import { Link } from 'react-router';
import { QUALIFICATION_LABEL, type QualificationKind } from '@labshop/shared';

/** A line the member's documents do not allow yet (docs/compliance.md section 6). */
export interface RefusedLine {
  key: number;
  name: string;
  pack: string;
  /** The documents still needed; when the server named none, its message is shown instead. */
  needs: readonly QualificationKind[];
  message: string;
  /** An approved document exists, but its holder is not the order's company. */
  holderDiffers?: boolean;
}

/**
 * Every line that cannot be ordered yet, each with the documents it needs and a link to upload
 * them, shown until the documents allow it (the cart and the confirm page). Not a toast: a buyer
 * reads the whole list and comes back to it.
 */
export function RefusedLines({
  lines,
  orderMessage,
  namesDiffer,
  org,
}: {
  lines: readonly RefusedLine[];
  /** The order's own refusal, when the server refused it. */
  orderMessage?: string | undefined;
  /** The invoice title and the approved licence's holder, when they differ. */
  namesDiffer?: { title: string; holders: readonly string[] } | undefined;
  /**
   * The organization the lines are bought for: its documents are checked, so the link goes to
   * its 单位资质 tab (uploaded by its admin or safety officer), not the member's 资质文件.
   */
  org?: { id: number; name: string } | null | undefined;
}) {
  if (lines.length === 0 && !orderMessage && !namesDiffer) return null;
  return (
    <section
      role="alert"
      data-testid="refused-lines"
      className="rounded border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
    >
      <h2 className="font-semibold">
        {org ? `以下商品须有单位「${org.name}」的单位资质才能下单` : '以下商品须有资质文件才能下单'}
      </h2>
      {lines.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {lines.map((l) => (
            <li key={l.key} data-testid="refused-line">
              <span className="font-medium">
                {l.name} {l.pack}
              </span>
              ：
              {l.needs.length > 0
                ? `需要${l.needs.map((k) => QUALIFICATION_LABEL[k]).join('、')}`
                : l.message}
              {l.holderDiffers && '（已审核证件的单位名称与订单单位不一致）'}
            </li>
          ))}
        </ul>
      )}
      {orderMessage && (
        <p className="mt-2" data-testid="order-refusal">
          订单未能提交：{orderMessage}
        </p>
      )}
      {namesDiffer && (
        <p className="mt-2" data-testid="names-differ">
          发票抬头「{namesDiffer.title}」与已审核营业执照的单位名称「
          {namesDiffer.holders.join('、')}
          」不一致：受管制化学品须以持证单位名义购买，请修改发票抬头或上传该单位的营业执照。
        </p>
      )}
      {org ? (
        <p className="mt-2" data-testid="org-documents-link">
          <Link to={`/userinfo/5-1?org=${org.id}&tab=documents`} className="font-medium underline">
            查看单位「{org.name}」的单位资质
          </Link>
          <span className="text-red-600/80">
            ，由单位管理员或安全员上传，审核通过后即可为本单位下单。
          </span>
        </p>
      ) : (
        <p className="mt-2">
          <Link to="/userinfo/1-5" className="font-medium underline">
            上传资质文件
          </Link>
          <span className="text-red-600/80">，审核通过后即可下单。</span>
        </p>
      )}
    </section>
  );
}
