/** Mainland mobile: 11 digits, starting 1, second digit 3-9. */
export const PHONE_RE = /^1[3-9]\d{9}$/;
/** Letters, digits, dot, underscore, hyphen, @, domain, 2-4 letter suffix. */
export const EMAIL_RE = /^[A-Za-z0-9._-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;

/** Exact Chinese messages of docs/product-rules.md section 5. */
export const MSG = {
  phoneFormat: '手机号格式有误',
  emailFormat: '邮箱格式有误',
  accountRequired: '请输入账号',
  passwordRequired: '请输入密码',
  phoneRequired: '请输入手机号',
  codeRequired: '请输入验证码',
  accountFormat: '手机号/邮箱格式有误',
  confirmRequired: '请确认密码',
  passwordMismatch: '两次输入的密码不一致',
  agreementRequired: '请勾选同意《用户注册协议》',
  searchRequired: '请输入搜索内容',
  quantityRequired: '请输入数量',
  customGoodsRequired: '请添加定制商品',
  customGoodsIncomplete: '请填写定制商品信息',
  contactPhoneFormat: '联系电话格式有误',
  productNumberRequired: '请输入商品货号',
  lotNumberRequired: '请输入商品批号',
  lotRequired: '请输入批号',
  coaEmpty: '未查询到相关分析证书。',
  invoiceEmailFormat: '收票邮箱有误',
  invoiceInfoRequired: '请填写发票信息。',
  payTypeRequired: '请选择支付方式',
  cartIdsRequired: '未选择购买商品',
  deleteSelectionRequired: '请选择要删除的商品',
  checkoutSelectionRequired: '您还没有选择商品',
  surveyInvalid: '请检查表单填写是否正确',
  tooFrequent: '操作过于频繁，请稍后再试',
} as const;

export const isPhone = (v: string): boolean => PHONE_RE.test(v);
export const isEmail = (v: string): boolean => EMAIL_RE.test(v);

