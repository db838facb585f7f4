/**
 * Amounts in Chinese uppercase (大写) as the People's Bank of China's rules for bills and
 * settlement vouchers write them; the rules and the examples they give are in
 * docs/procurement.md section 1.
 */
const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const PLACES = ['', '拾', '佰', '仟'] as const;
/** Units of the groups of four digits, lowest first. */
const GROUPS = ['', '万', '亿', '万亿'] as const;

/** A group of four digits (1..9999): zeros between digits become one 零, trailing zeros none. */
function groupWords(n: number): string {
  let out = '';
  let zero = false;
  for (let place = 3; place >= 0; place -= 1) {
    const d = Math.floor(n / 10 ** place) % 10;
    if (d === 0) {
      if (out !== '') zero = true;
      continue;
    }
    if (zero) out += '零';
    zero = false;
    // 拾 always has its digit in front (壹拾元, 壹拾万), so nothing can be written before it.
    out += `${DIGITS[d] ?? ''}${PLACES[place] ?? ''}`;
  }
  return out;
}

/** Whole yuan (> 0) in words, without the 元. */
function yuanWords(yuan: number): string {
  const groups: number[] = [];
  for (let rest = yuan; rest > 0; rest = Math.floor(rest / 10_000)) groups.push(rest % 10_000);
  if (groups.length > GROUPS.length) throw new RangeError('amount too large');
  let out = '';
  let zero = false;
  for (let i = groups.length - 1; i >= 0; i -= 1) {
    const g = groups[i] ?? 0;
    if (g === 0) {
      if (out !== '') zero = true;
      continue;
    }
    // A gap before this group (a zero group, or leading zeros inside it) is one 零.
    if (out !== '' && (zero || g < 1000)) out += '零';
    zero = false;
    out += groupWords(g) + GROUPS[i];
  }
  return out;
}

/**
 * An amount in fen written in uppercase: 壹万贰仟元整, 壹仟陆佰捌拾元零叁角贰分, 伍分.
 * Whole yuan end in 整; an amount with 角 and no 分 ends in 角; 分 is never followed by 整.
 * The caller prints 人民币 before it.
 */
export function amountInWords(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError('amount must be whole fen >= 0');
  const yuan = Math.floor(fen / 100);
  const jiao = Math.floor(fen / 10) % 10;
  const cents = fen % 10;
  if (fen === 0) return '零元整';
  let out = yuan > 0 ? `${yuanWords(yuan)}元` : '';
  if (jiao === 0 && cents === 0) return `${out}整`;
  if (yuan > 0 && (jiao === 0 || yuan % 10 === 0)) out += '零';
  if (jiao > 0) out += `${DIGITS[jiao]}角`;
  if (cents > 0) out += `${DIGITS[cents]}分`;
  return out;
}
