/**
 * A synthetic but realistic catalogue of laboratory reference standards: systematic names of
 * substituted aromatics and heterocycles (with their 邻/间/对 aliases), well-known analytes
 * (pesticides, veterinary drugs, pollutants, drugs, natural products) offered by several brands
 * as neat substances and as solutions, valid CAS numbers, unique item numbers, packs and stock.
 * Deterministic: the same seed gives the same catalogue.
 */

export interface Random {
  next(): number;
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
}

/** mulberry32: small, fast, good enough for test data. */
export function random(seed: number): Random {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: (items) => items[int(items.length)]! };
}

/** A CAS number with a valid check digit, made from a running serial so each is unique. */
export function casFromSerial(serial: number): string {
  const body = String(50_000 + serial * 7919).padStart(5, '0');
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i + 1);
  return `${body.slice(0, -2)}-${body.slice(-2)}-${sum % 10}`;
}

export const BRANDS = [
  '坛墨质检',
  '阿尔塔',
  'Dr. Ehrenstorfer',
  'Sigma-Aldrich',
  'LGC Standards',
  '百灵威',
  '阿拉丁',
  '麦克林',
  'TCI',
  '国家标准物质中心',
  '中国计量院',
  'AccuStandard',
  'Chem Service',
  '安谱实验',
  '上海源叶',
] as const;

const BRAND_CODES = [
  'BW',
  'ALT',
  'DRE',
  'SA',
  'LGC',
  'BLW',
  'ALD',
  'MKL',
  'TCI',
  'GBW',
  'NIM',
  'ACS',
  'CS',
  'ANP',
  'YY',
];

/** Category tree: [title, children]. Products go into the leaves. */
export const CATEGORY_TREE: ReadonlyArray<readonly [string, readonly string[]]> = [
  [
    '标准品',
    [
      '药品标准品',
      '食品检测标准品',
      '农药残留标准品',
      '兽药标准品',
      '日化标准品',
      '环境标准品',
      '天然提取物标准品',
    ],
  ],
  ['化学试剂', ['有机试剂', '无机试剂', '分析试剂', '生化试剂', '同位素标记试剂']],
  ['生物制品', ['抗体', '酶制剂', '培养基']],
  ['实验耗材', ['色谱柱', '样品瓶', '滤膜']],
];

const SUBSTITUENTS: ReadonlyArray<readonly [string, string]> = [
  ['甲基', 'methyl'],
  ['乙基', 'ethyl'],
  ['丙基', 'propyl'],
  ['异丙基', 'isopropyl'],
  ['叔丁基', 'tert-butyl'],
  ['甲氧基', 'methoxy'],
  ['乙氧基', 'ethoxy'],
  ['氯', 'chloro'],
  ['溴', 'bromo'],
  ['氟', 'fluoro'],
  ['碘', 'iodo'],
  ['硝基', 'nitro'],
  ['氨基', 'amino'],
  ['羟基', 'hydroxy'],
  ['氰基', 'cyano'],
  ['三氟甲基', 'trifluoromethyl'],
  ['乙酰基', 'acetyl'],
  ['苯基', 'phenyl'],
  ['苄氧基', 'benzyloxy'],
  ['甲硫基', 'methylthio'],
  ['二甲氨基', 'dimethylamino'],
  ['甲酰基', 'formyl'],
  ['乙烯基', 'vinyl'],
  ['环丙基', 'cyclopropyl'],
];

const PARENTS: ReadonlyArray<readonly [string, string]> = [
  ['苯', 'benzene'],
  ['甲苯', 'toluene'],
  ['苯酚', 'phenol'],
  ['苯胺', 'aniline'],
  ['苯甲酸', 'benzoic acid'],
  ['苯甲醛', 'benzaldehyde'],
  ['苯乙酮', 'acetophenone'],
  ['吡啶', 'pyridine'],
  ['嘧啶', 'pyrimidine'],
  ['喹啉', 'quinoline'],
  ['吲哚', 'indole'],
  ['咪唑', 'imidazole'],
  ['噻吩', 'thiophene'],
  ['呋喃', 'furan'],
  ['萘', 'naphthalene'],
  ['联苯', 'biphenyl'],
  ['苯甲酸甲酯', 'methyl benzoate'],
  ['乙酰苯胺', 'acetanilide'],
  ['苯磺酸', 'benzenesulfonic acid'],
  ['苯甲腈', 'benzonitrile'],
  ['苯乙酸', 'phenylacetic acid'],
  ['肉桂酸', 'cinnamic acid'],
  ['水杨酸', 'salicylic acid'],
  ['吡嗪', 'pyrazine'],
  ['苯并咪唑', 'benzimidazole'],
  ['苯并噻唑', 'benzothiazole'],
  ['香豆素', 'coumarin'],
  ['苯甲醇', 'benzyl alcohol'],
  ['苯乙烯', 'styrene'],
  ['苯甲酰胺', 'benzamide'],
];

/** Well-known analytes: [Chinese name, English name, alias, category leaf]. */
const ANALYTES: ReadonlyArray<readonly [string, string, string, string]> = [
  ['敌敌畏', 'Dichlorvos', 'DDVP', '农药残留标准品'],
  ['毒死蜱', 'Chlorpyrifos', '乐斯本', '农药残留标准品'],
  ['多菌灵', 'Carbendazim', '苯并咪唑-2-基氨基甲酸甲酯', '农药残留标准品'],
  ['吡虫啉', 'Imidacloprid', '咪蚜胺', '农药残留标准品'],
  ['啶虫脒', 'Acetamiprid', '莫比朗', '农药残留标准品'],
  ['草甘膦', 'Glyphosate', '农达', '农药残留标准品'],
  ['百草枯', 'Paraquat', '克无踪', '农药残留标准品'],
  ['甲胺磷', 'Methamidophos', '多灭磷', '农药残留标准品'],
  ['乐果', 'Dimethoate', '乐戈', '农药残留标准品'],
  ['氧乐果', 'Omethoate', '氧化乐果', '农药残留标准品'],
  ['马拉硫磷', 'Malathion', '马拉松', '农药残留标准品'],
  ['对硫磷', 'Parathion', '一六零五', '农药残留标准品'],
  ['甲基对硫磷', 'Parathion-methyl', '甲基一六零五', '农药残留标准品'],
  ['辛硫磷', 'Phoxim', '肟硫磷', '农药残留标准品'],
  ['三唑磷', 'Triazophos', '', '农药残留标准品'],
  ['氯氰菊酯', 'Cypermethrin', '灭百可', '农药残留标准品'],
  ['高效氯氟氰菊酯', 'Lambda-cyhalothrin', '功夫菊酯', '农药残留标准品'],
  ['溴氰菊酯', 'Deltamethrin', '敌杀死', '农药残留标准品'],
  ['氰戊菊酯', 'Fenvalerate', '速灭杀丁', '农药残留标准品'],
  ['联苯菊酯', 'Bifenthrin', '天王星', '农药残留标准品'],
  ['阿维菌素', 'Abamectin', '齐螨素', '农药残留标准品'],
  ['甲氨基阿维菌素苯甲酸盐', 'Emamectin benzoate', '甲维盐', '农药残留标准品'],
  ['多效唑', 'Paclobutrazol', '氯丁唑', '农药残留标准品'],
  ['戊唑醇', 'Tebuconazole', '', '农药残留标准品'],
  ['苯醚甲环唑', 'Difenoconazole', '世高', '农药残留标准品'],
  ['嘧菌酯', 'Azoxystrobin', '阿米西达', '农药残留标准品'],
  ['克百威', 'Carbofuran', '呋喃丹', '农药残留标准品'],
  ['涕灭威', 'Aldicarb', '铁灭克', '农药残留标准品'],
  ['灭多威', 'Methomyl', '万灵', '农药残留标准品'],
  ['莠去津', 'Atrazine', '阿特拉津', '农药残留标准品'],
  ['乙草胺', 'Acetochlor', '禾耐斯', '农药残留标准品'],
  ['丁草胺', 'Butachlor', '马歇特', '农药残留标准品'],
  ['氟虫腈', 'Fipronil', '锐劲特', '农药残留标准品'],
  ['六六六', 'Hexachlorocyclohexane', 'HCH', '农药残留标准品'],
  ['滴滴涕', 'DDT', '二二三', '农药残留标准品'],
  ['氯霉素', 'Chloramphenicol', '左霉素', '兽药标准品'],
  ['甲砜霉素', 'Thiamphenicol', '甲砜氯霉素', '兽药标准品'],
  ['氟苯尼考', 'Florfenicol', '氟甲砜霉素', '兽药标准品'],
  ['恩诺沙星', 'Enrofloxacin', '乙基环丙沙星', '兽药标准品'],
  ['环丙沙星', 'Ciprofloxacin', '环丙氟哌酸', '兽药标准品'],
  ['诺氟沙星', 'Norfloxacin', '氟哌酸', '兽药标准品'],
  ['氧氟沙星', 'Ofloxacin', '氟嗪酸', '兽药标准品'],
  ['磺胺嘧啶', 'Sulfadiazine', '', '兽药标准品'],
  ['磺胺甲噁唑', 'Sulfamethoxazole', '新诺明', '兽药标准品'],
  ['磺胺二甲嘧啶', 'Sulfamethazine', '磺胺二甲基嘧啶', '兽药标准品'],
  ['四环素', 'Tetracycline', '', '兽药标准品'],
  ['土霉素', 'Oxytetracycline', '地霉素', '兽药标准品'],
  ['金霉素', 'Chlortetracycline', '氯四环素', '兽药标准品'],
  ['多西环素', 'Doxycycline', '强力霉素', '兽药标准品'],
  ['孔雀石绿', 'Malachite green', '碱性绿', '兽药标准品'],
  ['结晶紫', 'Crystal violet', '龙胆紫', '兽药标准品'],
  ['呋喃唑酮', 'Furazolidone', '痢特灵', '兽药标准品'],
  ['克伦特罗', 'Clenbuterol', '瘦肉精', '兽药标准品'],
  ['莱克多巴胺', 'Ractopamine', '', '兽药标准品'],
  ['沙丁胺醇', 'Salbutamol', '舒喘灵', '兽药标准品'],
  ['地塞米松', 'Dexamethasone', '氟美松', '兽药标准品'],
  ['阿莫西林', 'Amoxicillin', '羟氨苄青霉素', '药品标准品'],
  ['对乙酰氨基酚', 'Paracetamol', '扑热息痛', '药品标准品'],
  ['布洛芬', 'Ibuprofen', '异丁苯丙酸', '药品标准品'],
  ['阿司匹林', 'Aspirin', '乙酰水杨酸', '药品标准品'],
  ['二甲双胍', 'Metformin', '甲福明', '药品标准品'],
  ['阿托伐他汀', 'Atorvastatin', '', '药品标准品'],
  ['奥美拉唑', 'Omeprazole', '洛赛克', '药品标准品'],
  ['头孢氨苄', 'Cefalexin', '先锋霉素IV', '药品标准品'],
  ['红霉素', 'Erythromycin', '', '药品标准品'],
  ['咖啡因', 'Caffeine', '咖啡碱', '药品标准品'],
  ['维生素C', 'Ascorbic acid', '抗坏血酸', '药品标准品'],
  ['维生素B12', 'Cyanocobalamin', '氰钴胺', '药品标准品'],
  ['苯并[a]芘', 'Benzo[a]pyrene', 'BaP', '环境标准品'],
  ['萘', 'Naphthalene', '精萘', '环境标准品'],
  ['蒽', 'Anthracene', '绿油脑', '环境标准品'],
  ['菲', 'Phenanthrene', '', '环境标准品'],
  ['芘', 'Pyrene', '', '环境标准品'],
  ['荧蒽', 'Fluoranthene', '', '环境标准品'],
  ['多氯联苯', 'Polychlorinated biphenyls', 'PCBs', '环境标准品'],
  ['双酚A', 'Bisphenol A', 'BPA', '环境标准品'],
  ['邻苯二甲酸二丁酯', 'Dibutyl phthalate', 'DBP', '环境标准品'],
  ['邻苯二甲酸二(2-乙基己基)酯', 'Bis(2-ethylhexyl) phthalate', 'DEHP', '环境标准品'],
  ['三氯甲烷', 'Chloroform', '氯仿', '环境标准品'],
  ['四氯化碳', 'Carbon tetrachloride', '四氯甲烷', '环境标准品'],
  ['苯系物', 'BTEX', '苯/甲苯/乙苯/二甲苯', '环境标准品'],
  ['黄曲霉毒素B1', 'Aflatoxin B1', 'AFB1', '食品检测标准品'],
  ['赭曲霉毒素A', 'Ochratoxin A', 'OTA', '食品检测标准品'],
  ['玉米赤霉烯酮', 'Zearalenone', 'ZEN', '食品检测标准品'],
  ['脱氧雪腐镰刀菌烯醇', 'Deoxynivalenol', '呕吐毒素', '食品检测标准品'],
  ['三聚氰胺', 'Melamine', '蜜胺', '食品检测标准品'],
  ['苏丹红I', 'Sudan I', '苏丹一号', '食品检测标准品'],
  ['丙烯酰胺', 'Acrylamide', '', '食品检测标准品'],
  ['苯甲酸钠', 'Sodium benzoate', '安息香酸钠', '食品检测标准品'],
  ['山梨酸钾', 'Potassium sorbate', '', '食品检测标准品'],
  ['糖精钠', 'Saccharin sodium', '', '食品检测标准品'],
  ['安赛蜜', 'Acesulfame potassium', 'AK糖', '食品检测标准品'],
  ['甜蜜素', 'Sodium cyclamate', '环己基氨基磺酸钠', '食品检测标准品'],
  ['日落黄', 'Sunset yellow FCF', '', '食品检测标准品'],
  ['柠檬黄', 'Tartrazine', '', '食品检测标准品'],
  ['羟苯甲酯', 'Methylparaben', '尼泊金甲酯', '日化标准品'],
  ['羟苯丙酯', 'Propylparaben', '尼泊金丙酯', '日化标准品'],
  ['三氯生', 'Triclosan', '玉洁新', '日化标准品'],
  ['甲醛', 'Formaldehyde', '蚁醛', '日化标准品'],
  ['氢醌', 'Hydroquinone', '对苯二酚', '日化标准品'],
  ['熊果苷', 'Arbutin', '熊果素', '日化标准品'],
  ['烟酰胺', 'Nicotinamide', '维生素B3', '日化标准品'],
  ['槲皮素', 'Quercetin', '栎精', '天然提取物标准品'],
  ['芦丁', 'Rutin', '芸香苷', '天然提取物标准品'],
  ['白藜芦醇', 'Resveratrol', '', '天然提取物标准品'],
  ['姜黄素', 'Curcumin', '', '天然提取物标准品'],
  ['青蒿素', 'Artemisinin', '', '天然提取物标准品'],
  ['人参皂苷Rb1', 'Ginsenoside Rb1', '', '天然提取物标准品'],
  ['黄芩苷', 'Baicalin', '', '天然提取物标准品'],
  ['绿原酸', 'Chlorogenic acid', '咖啡鞣酸', '天然提取物标准品'],
  ['小檗碱', 'Berberine', '黄连素', '天然提取物标准品'],
  ['葛根素', 'Puerarin', '', '天然提取物标准品'],
  ['甘草酸', 'Glycyrrhizic acid', '甘草甜素', '天然提取物标准品'],
  ['丹参酮IIA', 'Tanshinone IIA', '', '天然提取物标准品'],
];

const SOLVENTS: ReadonlyArray<readonly [string, string]> = [
  ['甲醇', 'methanol'],
  ['乙腈', 'acetonitrile'],
  ['丙酮', 'acetone'],
  ['正己烷', 'n-hexane'],
  ['异辛烷', 'isooctane'],
];
const CONCENTRATIONS = ['10', '100', '1000'];
const PACKS_NEAT = ['10mg', '25mg', '100mg', '1g', '5g', '25g'];
const PACKS_SOLUTION = ['1mL', '1.2mL', '2mL', '10mL'];
const TEMPERATURES = ['2-8℃', '-20℃', '室温', '-18℃以下', '0-5℃'];

export const STORES = ['北京仓', '上海仓', '广州仓'];

export interface GeneratedMaterial {
  pack: string;
  price: number;
  userPrice: number | null;
  stocks: Array<[storeIndex: number, count: number]>;
}

export interface GeneratedProduct {
  brand: number;
  category: string;
  name: string;
  nameEn: string;
  alias: string;
  synonyms: string;
  cas: string;
  number: string;
  temperature: string;
  purity: string;
  materials: GeneratedMaterial[];
}

const POSITIONS = ['2', '3', '4'];
const ORTHO_META_PARA: Record<string, [string, string]> = {
  '2': ['邻', 'o'],
  '3': ['间', 'm'],
  '4': ['对', 'p'],
};
const PAIRS = ['2,4', '2,6', '3,4', '3,5', '2,5'];

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

interface Compound {
  name: string;
  nameEn: string;
  alias: string;
  synonyms: string;
  cas: string;
  category: string;
}

/** A systematic compound: one or two substituents on a parent, with 邻/间/对 aliases. */
function systematic(rnd: Random, serial: number): Compound {
  const [parentZh, parentEn] = rnd.pick(PARENTS);
  const [subZh, subEn] = rnd.pick(SUBSTITUENTS);
  let name: string;
  let nameEn: string;
  let alias = '';
  let synonyms = '';
  if (rnd.next() < 0.55) {
    const pos = rnd.pick(POSITIONS);
    name = `${pos}-${subZh}${parentZh}`;
    nameEn = capital(`${pos}-${subEn}${parentEn}`);
    const [omp, ompEn] = ORTHO_META_PARA[pos]!;
    alias = `${omp}${subZh}${parentZh}`;
    synonyms = `${ompEn}-${capital(subEn)}${parentEn}`;
  } else if (rnd.next() < 0.5) {
    const pos = rnd.pick(PAIRS);
    name = `${pos}-二${subZh}${parentZh}`;
    nameEn = capital(`${pos}-di${subEn}${parentEn}`);
  } else {
    const [sub2Zh, sub2En] = rnd.pick(SUBSTITUENTS);
    const [p1, p2] = rnd.pick(PAIRS).split(',');
    name = `${p1}-${subZh}-${p2}-${sub2Zh}${parentZh}`;
    nameEn = capital(`${p1}-${subEn}-${p2}-${sub2En}${parentEn}`);
  }
  return {
    name,
    nameEn,
    alias,
    synonyms,
    cas: casFromSerial(serial),
    category: rnd.pick(['有机试剂', '分析试剂', '有机试剂', '生化试剂']),
  };
}

function priceFen(rnd: Random): number {
  return (rnd.int(200) + 5) * 1000 + rnd.pick([0, 500, 800]);
}

function materials(rnd: Random, packs: readonly string[]): GeneratedMaterial[] {
  const count = 1 + rnd.int(3);
  const start = rnd.int(packs.length - count + 1);
  return packs.slice(start, start + count).map((pack, i) => {
    const price = priceFen(rnd) * (i + 1);
    const stocks: Array<[number, number]> = [];
    for (let s = 0; s < STORES.length; s++) {
      if (rnd.next() < 0.45) stocks.push([s, rnd.pick([0, 3, 12, 49, 50, 120])]);
    }
    return { pack, price, userPrice: rnd.next() < 0.85 ? Math.round(price * 0.9) : null, stocks };
  });
}

/**
 * Generates `count` products. Every compound is offered by one to a few brands, neat or as
 * solutions in common solvents, so names repeat as they do in a real standards catalogue.
 */
export function* generateProducts(count: number, seed = 20240601): Generator<GeneratedProduct> {
  const rnd = random(seed);
  const numbers = new Map<number, number>();
  // Serials stay below 126k so every CAS body has at most nine digits.
  const analyteCas = ANALYTES.map((_, i) => casFromSerial(120_000 + i));
  const compounds = new Map<string, Compound>();
  let serial = 0;
  let made = 0;

  const make = (c: Compound, solution: boolean, brand: number): GeneratedProduct => {
    const seq = (numbers.get(brand) ?? 0) + 1;
    numbers.set(brand, seq);
    const code = BRAND_CODES[brand]!;
    const number = `${code}${brand % 2 === 0 ? '-' : ''}${String(100000 + seq)}`;
    if (!solution) {
      return {
        brand,
        category: c.category,
        name: c.name,
        nameEn: c.nameEn,
        alias: c.alias,
        synonyms: c.synonyms,
        cas: c.cas,
        number,
        temperature: rnd.pick(TEMPERATURES),
        purity: `${rnd.pick(['95', '97', '98', '99', '99.5'])}%`,
        materials: materials(rnd, PACKS_NEAT),
      };
    }
    const [solZh, solEn] = rnd.pick(SOLVENTS);
    const conc = rnd.pick(CONCENTRATIONS);
    return {
      brand,
      category: c.category.endsWith('标准品') ? c.category : '环境标准品',
      name: `${solZh}中${c.name}溶液标准物质（${conc}μg/mL）`,
      nameEn: `${c.nameEn} solution ${conc} μg/mL in ${solEn}`,
      alias: c.alias === '' ? '' : `${c.alias}标准溶液`,
      synonyms: c.synonyms,
      cas: c.cas,
      number,
      temperature: rnd.pick(TEMPERATURES),
      purity: '',
      materials: materials(rnd, PACKS_SOLUTION),
    };
  };

  while (made < count) {
    const known = rnd.next() < 0.2;
    let compound: Compound;
    let offers: number;
    if (known) {
      const i = rnd.int(ANALYTES.length);
      const [name, nameEn, alias, category] = ANALYTES[i]!;
      compound = { name, nameEn, alias, synonyms: '', cas: analyteCas[i]!, category };
      offers = 1 + rnd.int(4);
    } else {
      const fresh = systematic(rnd, serial + 1);
      compound = compounds.get(fresh.name) ?? fresh;
      if (compound === fresh) {
        serial += 1;
        compounds.set(fresh.name, fresh);
      }
      offers = 1 + rnd.int(3);
    }
    for (let k = 0; k < offers && made < count; k++, made++) {
      const solution = rnd.next() < (known ? 0.7 : 0.15);
      yield make(compound, solution, rnd.int(BRANDS.length));
    }
  }
}
