import type { NotifyEvent } from '@labshop/shared/schemas';

/** The shop's text for an event until staff edit it (docs/notifications.md). */
export interface TemplateText {
  subject: string;
  body: string;
  /** SMS text; '' where the event sends none. */
  sms: string;
}

export interface TemplateDefinition extends TemplateText {
  /** Named placeholders the texts may use, with what each holds. */
  placeholders: Record<string, string>;
}

const ORDER = {
  shopName: '商城名称',
  memberName: '会员姓名',
  orderNumber: '订单号',
  amount: '订单金额（元）',
  amountText: '订单金额（如 ¥1000.00，待确认价格时为“待确认”）',
  goodsSummary: '商品摘要',
};

/** Events that send an SMS besides the email: the buyer needs to act or wait for a parcel. */
export const SMS_EVENTS: readonly NotifyEvent[] = [
  'order-priced',
  'order-shipped',
  'org-member-added',
  'approval-requested',
];

/*
 * Member texts are read first on a phone's lock screen: the title says what happened, with the
 * order number and the amount, and the body's first line repeats it in full. The shop is named
 * by the email's sender and the SMS provider's signature, never in the title.
 */
export const TEMPLATES: Record<NotifyEvent, TemplateDefinition> = {
  'order-placed': {
    subject: '订单 {orderNumber} 已提交',
    body:
      '订单 {orderNumber} 已提交，金额 {amountText}（{payType}）。\n商品：{goodsSummary}\n\n' +
      '含询价商品的订单将由我们尽快确认价格，确认后会再通知您。',
    sms: '',
    placeholders: { ...ORDER, payType: '支付方式' },
  },
  'order-priced': {
    subject: '订单 {orderNumber} 已确认价格，应付 ¥{amount}',
    body:
      '订单 {orderNumber} 已确认价格，应付 ¥{amount}（商品 ¥{goodsAmount}，运费 ¥{freight}），' +
      '请尽快付款。\n商品：{goodsSummary}',
    sms: '订单{orderNumber}已确认价格，应付{amount}元，请登录后付款。',
    placeholders: { ...ORDER, goodsAmount: '商品金额（元）', freight: '运费（元）' },
  },
  'order-changed': {
    subject: '订单 {orderNumber} 已修改，应付 ¥{amount}',
    body:
      '未付款订单 {orderNumber} 已由客服修改，现应付 ¥{amount}（商品 ¥{goodsAmount}，运费 ¥{freight}），' +
      '请按新的金额付款。\n商品：{goodsSummary}',
    sms: '',
    placeholders: { ...ORDER, goodsAmount: '商品金额（元）', freight: '运费（元）' },
  },
  'payment-received': {
    subject: '订单 {orderNumber} 已用{payMethod}支付 ¥{amount}',
    body: '订单 {orderNumber} 已用{payMethod}支付 ¥{amount}，我们将尽快为您安排发货。',
    sms: '',
    placeholders: {
      ...ORDER,
      payType: '支付方式',
      payMethod: '付款所用（余额、微信、支付宝、银行转账）',
    },
  },
  'order-shipped': {
    subject: '订单 {orderNumber} 已发货：{carrier} {trackingNumber}',
    body:
      '订单 {orderNumber} 有包裹已发出，{carrier}，运单号 {trackingNumber}。\n' +
      '可在订单详情中查看物流信息。{safetyDataSheets}',
    sms: '订单{orderNumber}已发货，{carrier}运单号{trackingNumber}。',
    placeholders: {
      ...ORDER,
      carrier: '快递公司',
      trackingNumber: '运单号',
      safetyDataSheets: '包裹中危险化学品的安全技术说明书链接（无危险化学品时为空）',
    },
  },
  'order-cancelled': {
    subject: '订单 {orderNumber} 已取消',
    body: '订单 {orderNumber} 已取消。\n原因：{reason}\n{refund}',
    sms: '',
    placeholders: { ...ORDER, reason: '取消原因', refund: '退款说明' },
  },
  'order-refunded': {
    subject: '订单 {orderNumber} 已退款 ¥{refundAmount}',
    body:
      '订单 {orderNumber} 已退款 ¥{refundAmount}（订单金额 ¥{amount}）。\n' +
      '原因：{reason}\n{refund}',
    sms: '',
    placeholders: {
      ...ORDER,
      refundAmount: '本次退款金额（元）',
      reason: '退款原因',
      refund: '退款说明',
    },
  },
  'invoice-issued': {
    subject: '订单 {orderNumber} 的发票已开具',
    body: '订单 {orderNumber} 的发票已开具（发票号码 {invoiceNumber}），可在订单详情下载。',
    sms: '',
    placeholders: { ...ORDER, invoiceNumber: '发票号码' },
  },
  'quote-ready': {
    subject: '报价单 {quoteNumber} 已报价，金额 {amountText}',
    body: '报价单 {quoteNumber} 已报价，金额 {amountText}。可在报价单页面查看明细并直接下单。',
    sms: '',
    placeholders: {
      shopName: '商城名称',
      memberName: '会员姓名',
      quoteNumber: '报价单号',
      amount: '报价金额（元）',
      amountText: '报价金额（如 ¥1000.00）',
    },
  },
  'document-reviewed': {
    subject: '资质文件{result}：{documentName}',
    body: '您提交的{documentName}{result}。\n{remark}',
    sms: '',
    placeholders: {
      shopName: '商城名称',
      memberName: '会员姓名',
      documentName: '文件名称',
      result: '审核结果（已通过审核、未通过审核）',
      remark: '审核说明',
    },
  },
  'org-member-added': {
    subject: '您已加入{orgName}，角色：{role}',
    body: '{orgName}的管理员已将您加入单位，角色：{role}。可在“我的单位”中查看。',
    sms: '您已被加入{orgName}，角色{role}。',
    placeholders: {
      shopName: '商城名称',
      memberName: '会员姓名',
      orgName: '单位名称',
      role: '角色',
    },
  },
  'approval-requested': {
    subject: '订单 {orderNumber} 待您审批，金额 {amountText}',
    body: '{orgName}的 {buyerName} 提交了订单 {orderNumber}（金额 {amountText}），等待您审批。',
    sms: '订单{orderNumber}（{amountText}）待您审批。',
    placeholders: {
      shopName: '商城名称',
      memberName: '会员姓名',
      orgName: '单位名称',
      orderNumber: '订单号',
      buyerName: '下单人',
      amountText: '订单金额（如 ¥1000.00）',
    },
  },
  'approval-decided': {
    subject: '订单 {orderNumber} {result}',
    body: '您的订单 {orderNumber} {result}。\n备注：{remark}',
    sms: '',
    placeholders: {
      shopName: '商城名称',
      memberName: '会员姓名',
      orderNumber: '订单号',
      result: '审批结果',
      remark: '审批备注',
    },
  },
  'customized-answered': {
    subject: '您的定制需求{status}',
    body: '您的定制需求（{content}）{status}。\n答复：{reply}',
    sms: '',
    placeholders: {
      shopName: '商城名称',
      memberName: '会员姓名',
      content: '需求内容',
      status: '处理结果',
      reply: '答复内容',
    },
  },
  'inbox-reply': {
    subject: '您的{kind}已有答复',
    body: '{contact}，您好：\n\n{reply}\n\n——您的{kind}：{content}',
    sms: '',
    placeholders: {
      shopName: '商城名称',
      contact: '联系人',
      kind: '留言或询价',
      content: '原内容',
      reply: '答复内容',
    },
  },
  'staff-new-order': {
    subject: '新订单 {orderNumber}（{amount}）',
    body:
      '会员 {memberName}（{memberAccount}）提交了订单 {orderNumber}。\n金额：{amount}\n支付方式：{payType}\n' +
      '商品：{goodsSummary}',
    sms: '',
    placeholders: { ...ORDER, memberAccount: '会员账号', payType: '支付方式' },
  },
  'staff-transfer-to-confirm': {
    subject: '待确认转账：订单 {orderNumber}',
    body:
      '订单 {orderNumber} 选择银行转账，金额 {amount}，转账参考号 {transferReference}。\n' +
      '会员：{memberName}（{memberAccount}）\n到账后请在控制台确认收款。',
    sms: '',
    placeholders: {
      ...ORDER,
      memberAccount: '会员账号',
      transferReference: '转账参考号',
    },
  },
  'staff-inquiry': {
    subject: '新{kind}：{contact}',
    body: '收到新的{kind}。\n联系人：{contact}\n电话：{phone}\n邮箱：{email}\n单位：{company}\n内容：{content}',
    sms: '',
    placeholders: {
      shopName: '商城名称',
      kind: '类型（在线留言、批量询价、定制需求）',
      contact: '联系人',
      phone: '电话',
      email: '邮箱',
      company: '单位',
      content: '内容',
    },
  },
  'staff-document-to-review': {
    subject: '待审核文件：{documentName}',
    body: '会员 {memberName}（{memberAccount}）提交了{documentName}，请在控制台审核。',
    sms: '',
    placeholders: {
      shopName: '商城名称',
      memberName: '会员姓名',
      memberAccount: '会员账号',
      documentName: '文件名称',
    },
  },
  'staff-setting-proposed': {
    subject: '待确认：{proposer} 提交了{setting}变更',
    body:
      '{proposer} 于 {time} 提交了{setting}变更：\n{changes}\n\n' +
      '变更须由另一位财务或管理员在控制台“站点设置”中确认后才生效，生效前买家看到的仍是原设置。' +
      '如非本公司人员的正常操作，请立即驳回。',
    sms: '',
    placeholders: {
      shopName: '商城名称',
      setting: '设置项（收款银行账户、公司信息、公司印章）',
      proposer: '提交人',
      time: '提交时间',
      changes: '变更内容（原值 → 新值）',
    },
  },
  'staff-setting-confirmed': {
    subject: '已生效：{setting}变更',
    body:
      '{proposer} 提交的{setting}变更已由 {confirmer} 于 {time} 确认生效：\n{changes}\n\n' +
      '买家此后看到的是新的设置。',
    sms: '',
    placeholders: {
      shopName: '商城名称',
      setting: '设置项（收款银行账户、公司信息、公司印章）',
      proposer: '提交人',
      confirmer: '确认人',
      time: '确认时间',
      changes: '变更内容（原值 → 新值）',
    },
  },
};

const PLACEHOLDER_RE = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The placeholders a text uses that the event does not know, as written ({name}). */
export function unknownPlaceholders(event: NotifyEvent, text: string): string[] {
  const known = TEMPLATES[event].placeholders;
  const unknown = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER_RE)) {
    const name = m[1] ?? '';
    if (!Object.hasOwn(known, name)) unknown.add(`{${name}}`);
  }
  return [...unknown];
}

/** Fills the named placeholders; a value that is missing leaves the placeholder empty. */
export function render(text: string, params: Record<string, string>): string {
  return text.replace(PLACEHOLDER_RE, (_, name: string) =>
    Object.hasOwn(params, name) ? (params[name] ?? '') : '',
  );
}
