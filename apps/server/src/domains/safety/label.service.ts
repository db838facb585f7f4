import type { Db } from '../../db/database.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { parseGhs } from '../../lib/regulation-columns.ts';
import { readSetting, writeSetting } from '../../lib/settings.repository.ts';
import { recordAudit } from '../audit/index.ts';
import { company } from '../content/index.ts';
import { labelContent, type LabelContent } from './label-content.ts';
import { renderLabel } from './label-pdf.ts';
import * as repo from './sds.repository.ts';

/** The site setting of the 24-hour emergency phone printed on every label (站点设置 > 安全标签). */
export const EMERGENCY_PHONE_SETTING = 'safety.emergencyPhone';

export async function emergencyPhone(db: Db): Promise<string> {
  return (await readSetting(db, EMERGENCY_PHONE_SETTING)) ?? '';
}

export async function saveEmergencyPhone(db: Db, phone: string, staffId: number): Promise<void> {
  const before = await emergencyPhone(db);
  await db.transaction().execute(async (trx) => {
    await writeSetting(trx, EMERGENCY_PHONE_SETTING, phone);
    await recordAudit(trx, {
      staffId,
      action: 'settings.emergency-phone',
      target: 'settings:safety.emergencyPhone',
      before: { phone: before },
      after: { phone },
    });
  });
}

/**
 * What the label of a product's pack and lot says. Refused, in Chinese, while something it must
 * carry is missing: the product's GHS label elements, the supplier's name and address, or the
 * 24-hour emergency phone, so no label leaves the warehouse without them.
 */
export async function labelOf(
  db: Db,
  productId: number,
  materialId: number,
  lotNumber: string,
): Promise<LabelContent> {
  const [product, pack, seller, phone] = await Promise.all([
    repo.findProduct(db, productId),
    repo.findPack(db, productId, materialId),
    company(db),
    emergencyPhone(db),
  ]);
  if (!product) throw notFound('商品不存在');
  if (!pack) throw notFound('规格不存在');
  const ghs = parseGhs(product.ghs);
  if (!ghs || (ghs.pictograms.length === 0 && ghs.hazardStatements.length === 0)) {
    throw badRequest(
      `${product.name}没有 GHS 标签要素（象形图、危险性说明），请先在商品资料中填写`,
    );
  }
  if (!seller.name || !seller.address) {
    throw badRequest('请先在站点设置 > 公司信息中填写公司名称和地址');
  }
  if (!phone) throw badRequest('请先在站点设置 > 安全标签中填写 24 小时应急咨询电话');
  return labelContent({
    product,
    pack: pack.pack,
    lotNumber,
    ghs,
    supplier: { name: seller.name, address: seller.address, tel: seller.tel },
    emergencyPhone: phone,
  });
}

/**
 * The lines of an order that need a safety label, for the ship dialog: those of hazardous
 * products (docs/safety.md). An unknown order has none.
 */
export function labelledLines(db: Db, orderId: number) {
  return repo.hazardousLines(db, orderId);
}

/** The label as a PDF, with its download name. */
export async function labelPdf(
  db: Db,
  productId: number,
  materialId: number,
  lotNumber: string,
): Promise<{ pdf: Buffer; name: string }> {
  const label = await labelOf(db, productId, materialId, lotNumber);
  return { pdf: await renderLabel(label), name: `安全标签-${label.number}-${lotNumber}.pdf` };
}
