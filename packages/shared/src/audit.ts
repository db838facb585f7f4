import { ORDER_STATUS_LABEL, PAY_STATUS_LABEL } from './enums.ts';

/**
 * How the console shows the audit log (操作日志) and an order's history: each action in Chinese,
 * and of a change only the fields that changed, named in Chinese, old → new. The server keeps
 * the raw before/after JSON; this is presentation only.
 */

const ACTION_LABEL: Record<string, string> = {
  'brand.create': '新建品牌',
  'brand.update': '修改品牌',
  'brand.delete': '删除品牌',
  'category.create': '新建分类',
  'category.update': '修改分类',
  'category.delete': '删除分类',
  'coa.replace': '替换证书',
  'coa.create': '上传证书',
  'coa.delete': '删除证书',
  'compliance.explosive-report': '易制爆销售已报告',
  'content.create': '新建文章',
  'content.update': '修改文章',
  'content.delete': '删除文章',
  'content.publish': '发布文章',
  'content.unpublish': '撤下文章',
  'customized.resolve': '处理定制需求',
  'link.create': '新建链接',
  'link.update': '修改链接',
  'link.delete': '删除链接',
  'link.publish': '显示链接',
  'link.unpublish': '隐藏链接',
  'material.on-sale': '包装上架',
  'material.off-sale': '包装下架',
  'member.balance': '调整余额',
  'member.disable': '停用会员',
  'member.enable': '启用会员',
  'message-template.update': '修改消息模板',
  'message-template.reset': '恢复消息模板',
  'message.resend': '重发消息',
  'order.payment': '确认收款',
  'order.payment.override': '备注不符确认收款',
  'order.payment.transfer': '合并确认收款',
  'order.prices': '订单定价',
  'order.edit': '修改订单',
  'order.delivery': '发货',
  'order.delivery.cancel': '撤销发货',
  'order.track': '添加物流记录',
  'order.complete': '完成订单',
  'order.cancel': '取消订单',
  'org.verify': '认证单位',
  'order.invoice': '登记开票',
  'order.fapiao': '上传电子发票',
  'order.refund': '退款',
  'product.create': '新建商品',
  'product.update': '修改商品',
  'product.import': '导入商品',
  'product.on-sale': '商品上架',
  'product.off-sale': '商品下架',
  'product.prices': '批量改价',
  'product.regulation-lowered': '降低管控类别（记录原因）',
  'qualification.approve': '资质审核通过',
  'qualification.reject': '资质审核驳回',
  'quote.fromInquiry': '询价生成报价',
  'quote.price': '报价',
  'search-keys.update': '修改热门搜索词',
  'search-synonym.create': '新建同义词',
  'search-synonym.update': '修改同义词',
  'search-synonym.delete': '删除同义词',
  'staff.create': '新建员工',
  'staff.update': '修改员工',
  'staff.password': '重置员工密码',
  'staff.password.change': '修改本人密码',
  'staff.2fa.enable': '启用两步验证',
  'staff.2fa.disable': '关闭两步验证',
  'staff.2fa.reset': '重置员工两步验证',
  'staff.2fa.recovery': '使用恢复码登录',
  'stock.receipt': '入库',
  'stock.transfer': '调拨',
  'stock.stocktake': '盘点',
  'stock.received': '入库调整',
  'stock.counted': '盘点调整',
  'stock.damaged': '报损',
  'setting.shelf-life': '修改最短剩余有效期',
  'setting.licences': '修改经营许可信息',
  'setting.bank.propose': '提交收款账户变更',
  'setting.bank.confirm': '确认收款账户变更',
  'setting.bank.reject': '驳回收款账户变更',
  'setting.bank.withdraw': '撤回收款账户变更',
  'setting.company.propose': '提交公司信息变更',
  'setting.company.confirm': '确认公司信息变更',
  'setting.company.reject': '驳回公司信息变更',
  'setting.company.withdraw': '撤回公司信息变更',
  'setting.seal.propose': '提交公司印章变更',
  'setting.seal.confirm': '确认公司印章变更',
  'setting.seal.reject': '驳回公司印章变更',
  'setting.seal.withdraw': '撤回公司印章变更',
  'store.create': '新建仓库',
  'store.update': '修改仓库',
  'store.delete': '删除仓库',
};

/** Families of actions named by a prefix (setting.seal, inbox.feedbacks.reply, stock.receipt …). */
const ACTION_PREFIX: Array<[string, string]> = [
  ['setting.', '修改站点设置'],
  ['stock.', '库存调整'],
  ['inbox.', '处理消息'],
];

/** The action in Chinese; an action this table does not know yet is shown as it is stored. */
export function auditActionLabel(action: string): string {
  const known = ACTION_LABEL[action];
  if (known) return known;
  if (action.startsWith('inbox.') && action.endsWith('.reply')) return '回复消息';
  return ACTION_PREFIX.find(([prefix]) => action.startsWith(prefix))?.[1] ?? action;
}

const FIELD_LABEL: Record<string, string> = {
  status: '订单状态',
  payStatus: '支付状态',
  amount: '金额',
  balance: '余额',
  remark: '备注',
  reason: '原因',
  reference: '转账参考号',
  refundNo: '退款单号',
  /** The gateway trade a refund of money that paid nothing of the order gave back. */
  payment: '付款单号',
  overrideReason: '备注不符原因',
  transferId: '转账记录',
  transferAmount: '转账金额',
  orders: '同笔转账订单',
  payer: '付款方',
  carrier: '快递公司',
  handlerName: '经办人',
  handlerIdNumber: '经办人身份证号码',
  lineIds: '台账记录',
  orderNumbers: '订单号',
  trackingNumber: '快递单号',
  deliveryId: '包裹',
  context: '物流信息',
  freight: '运费',
  goodsAmount: '商品金额',
  orderLines: '商品明细',
  goods: '商品',
  invoiceNumber: '发票号码',
  invoiceIssuedAt: '开票日期',
  number: '编号',
  count: '库存',
  disabled: '停用',
  onSale: '上架',
  name: '名称',
  nameEn: '英文名称',
  cas: 'CAS号',
  price: '市场价',
  userPrice: '会员价',
  pack: '包装',
  account: '账号',
  roles: '角色',
  sort: '排序',
  title: '标题',
  url: '链接',
  image: '图片',
  published: '显示',
  brandName: '品牌',
  categoryId: '分类',
  materials: '包装规格',
  approve: '审核结果',
  recoveryCodesLeft: '剩余恢复码',
  lots: '批次',
  lotNumber: '批号',
  expire: '有效期至',
  quantity: '数量',
  supplier: '供应商',
  storeId: '仓库',
  fromStoreId: '调出仓库',
  toStoreId: '调入仓库',
  materialId: '包装规格',
  lines: '明细',
  differences: '差异行数',
  minMonths: '最短剩余有效期（月）',
  confirmShortExpiry: '确认近效期批次',
  shortExpiryConfirmed: '已确认近效期',
  tel: '联系电话',
  email: '邮箱',
  address: '地址',
  hazardLicence: '危险化学品经营许可证',
  precursorRecord: '易制毒化学品经营备案',
  accountName: '开户名称',
  bankName: '开户银行',
  accountNumber: '银行账号',
};

/** Lots shipped or moved ([{ lotNumber, quantity }]) as staff write them: 20250312×2、20260108×1. */
function showLots(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const parts = value.map((v: unknown) => {
    const { lotNumber, quantity } = (v ?? {}) as { lotNumber?: unknown; quantity?: unknown };
    return typeof lotNumber === 'string' && typeof quantity === 'number'
      ? `${lotNumber}×${quantity}`
      : null;
  });
  return parts.every((p) => p !== null) ? parts.join('、') : null;
}

/** An order's lines ([{ name, quantity, price }]): 甲醇 500mL ×2 ￥30.00；乙腈 1L ×1 ￥45.00. */
function showOrderLines(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  const parts = value.map((v: unknown) => {
    const { name, quantity, price } = (v ?? {}) as Record<string, unknown>;
    if (typeof name !== 'string' || typeof quantity !== 'number') return null;
    return `${name} ×${quantity} ${typeof price === 'number' ? `￥${price.toFixed(2)}` : '待定价'}`;
  });
  return parts.every((p) => p !== null) ? parts.join('；') : null;
}

/** A stored value as staff read it: an order's states by name, yes/no, compact JSON. */
function show(field: string, value: unknown, ofOrder: boolean): string {
  if (value === null || value === undefined || value === '') return '（空）';
  if (ofOrder && typeof value === 'number') {
    if (field === 'status') return ORDER_STATUS_LABEL[value] ?? String(value);
    if (field === 'payStatus') return PAY_STATUS_LABEL[value] ?? String(value);
  }
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (field === 'lots') {
    const lots = showLots(value);
    if (lots !== null) return lots;
  }
  if (field === 'orderLines') {
    const lines = showOrderLines(value);
    if (lines !== null) return lines;
  }
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  const text = JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

function parse(text: string): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export interface AuditChange {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
}

/**
 * The fields a change touched, in Chinese: present in either side and different between them
 * (fields equal on both sides are left out). A side that is not a JSON object is shown whole.
 */
export function auditChanges(action: string, beforeText: string, afterText: string): AuditChange[] {
  const ofOrder = action.startsWith('order.');
  const before = parse(beforeText);
  const after = parse(afterText);
  if ((beforeText && !before) || (afterText && !after)) {
    return [{ field: '', label: '内容', before: beforeText || null, after: afterText || null }];
  }
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter((f) => JSON.stringify(before?.[f]) !== JSON.stringify(after?.[f]))
    .map((f) => ({
      field: f,
      label: FIELD_LABEL[f] ?? f,
      before: before && f in before ? show(f, before[f], ofOrder) : null,
      after: after && f in after ? show(f, after[f], ofOrder) : null,
    }));
}
