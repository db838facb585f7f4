import type { GroupDefaults, ProductGroup } from './types.ts';

const prohibited = '禁止使用的兽药';

const base: GroupDefaults = {
  category: 'veterinary',
  brands: ['YF', 'SX', 'LP'],
  packs: ['50mg', '100mg', '250mg', '100μg/mL·1mL（甲醇）'],
  steps: [1, 1.8, 3.4, 1.1],
  price: [200, 860],
  temperature: '2-8℃',
  purity: '≥98.0%（HPLC）',
  nationalStandard: 'GB 31650-2019',
  control: '非管控',
  attributes: { 包装方式: '棕色玻璃瓶，铝箔袋密封', 运输条件: '冰袋运输' },
  use: '兽药残留检测用标准物质，适用于动物源性食品中兽药残留的液相色谱-串联质谱测定',
};

export const veterinaryGroups: ProductGroup[] = [
  {
    ...base,
    key: 'vet-quinolone',
    code: '41',
    items: [
      ['恩诺沙星', 'Enrofloxacin', '93106-60-6', 'C19H22FN3O3', { alias: '乙基环丙沙星', hot: true }],
      ['环丙沙星', 'Ciprofloxacin', '85721-33-1', 'C17H18FN3O3'],
      ['诺氟沙星', 'Norfloxacin', '70458-96-7', 'C16H18FN3O3', { alias: '氟哌酸' }],
      ['氧氟沙星', 'Ofloxacin', '82419-36-1', 'C18H20FN3O4', { alias: '氟嗪酸' }],
      ['盐酸沙拉沙星', 'Sarafloxacin hydrochloride', '91296-87-6', 'C20H17F2N3O3·HCl'],
      ['达氟沙星', 'Danofloxacin', '112398-08-0', 'C19H20FN3O3'],
      ['氟甲喹', 'Flumequine', '42835-25-6', 'C14H12FNO3'],
      ['噁喹酸', 'Oxolinic acid', '14698-29-4', 'C13H11NO5'],
    ],
  },
  {
    ...base,
    key: 'vet-amphenicol',
    code: '42',
    items: [
      ['氯霉素', 'Chloramphenicol', '56-75-7', 'C11H12Cl2N2O5', { alias: '左霉素', control: prohibited, hot: true, attributes: { 熔点: '149-153℃' } }],
      ['甲砜霉素', 'Thiamphenicol', '15318-45-3', 'C12H15Cl2NO5S'],
      ['氟苯尼考', 'Florfenicol', '73231-34-2', 'C12H14Cl2FNO4S', { alias: '氟甲砜霉素' }],
    ],
  },
  {
    ...base,
    key: 'vet-tetracycline',
    code: '43',
    temperature: '-20℃，避光',
    items: [
      ['四环素', 'Tetracycline', '60-54-8', 'C22H24N2O8'],
      ['土霉素', 'Oxytetracycline', '79-57-2', 'C22H24N2O9', { alias: '氧四环素' }],
      ['盐酸金霉素', 'Chlortetracycline hydrochloride', '64-72-2', 'C22H23ClN2O8·HCl', { alias: '盐酸氯四环素' }],
      ['盐酸多西环素', 'Doxycycline hyclate', '24390-14-5', '(C22H24N2O8·HCl)2·C2H6O·H2O', { alias: '强力霉素' }],
    ],
  },
  {
    ...base,
    key: 'vet-sulfonamide',
    code: '44',
    items: [
      ['磺胺嘧啶', 'Sulfadiazine', '68-35-9', 'C10H10N4O2S'],
      ['磺胺甲噁唑', 'Sulfamethoxazole', '723-46-6', 'C10H11N3O3S', { alias: '新诺明' }],
      ['磺胺二甲嘧啶', 'Sulfamethazine', '57-68-1', 'C12H14N4O2S', { synonyms: 'Sulfadimidine' }],
      ['磺胺间甲氧嘧啶', 'Sulfamonomethoxine', '1220-83-3', 'C11H12N4O3S'],
      ['磺胺对甲氧嘧啶', 'Sulfameter', '651-06-9', 'C11H12N4O3S', { synonyms: 'Sulfamethoxydiazine' }],
      ['磺胺喹噁啉', 'Sulfaquinoxaline', '59-40-5', 'C14H12N4O2S'],
      ['甲氧苄啶', 'Trimethoprim', '738-70-5', 'C14H18N4O3', { alias: '甲氧苄氨嘧啶', synonyms: 'TMP' }],
    ],
  },
  {
    ...base,
    key: 'vet-betaagonist',
    code: '45',
    control: prohibited,
    items: [
      ['盐酸克伦特罗', 'Clenbuterol hydrochloride', '21898-19-1', 'C12H18Cl2N2O·HCl', { alias: '瘦肉精' }],
      ['盐酸莱克多巴胺', 'Ractopamine hydrochloride', '90274-24-1', 'C18H23NO3·HCl', { new: true }],
      ['沙丁胺醇', 'Salbutamol', '18559-94-9', 'C13H21NO3', { synonyms: 'Albuterol' }],
      ['硫酸特布他林', 'Terbutaline sulfate', '23031-32-5', '(C12H19NO3)2·H2SO4'],
      ['己烯雌酚', 'Diethylstilbestrol', '56-53-1', 'C18H20O2', { alias: '乙芪酚', synonyms: 'DES' }],
    ],
  },
  {
    ...base,
    key: 'vet-dye',
    code: '46',
    control: prohibited,
    temperature: '2-8℃，避光',
    nationalStandard: 'GB/T 19857-2005',
    items: [
      ['草酸孔雀石绿', 'Malachite green oxalate', '2437-29-8', 'C52H54N4O12', { alias: '孔雀石绿', hot: true }],
      ['隐色孔雀石绿', 'Leucomalachite green', '129-73-7', 'C23H26N2'],
      ['结晶紫', 'Crystal violet', '548-62-9', 'C25H30ClN3', { alias: '龙胆紫', synonyms: 'Gentian violet' }],
      ['隐色结晶紫', 'Leucocrystal violet', '603-48-5', 'C25H31N3'],
    ],
  },
  {
    ...base,
    key: 'vet-nitrofuran',
    code: '47',
    control: prohibited,
    items: [
      ['呋喃唑酮', 'Furazolidone', '67-45-8', 'C8H7N3O5', { alias: '痢特灵' }],
      ['呋喃它酮', 'Furaltadone', '139-91-3', 'C13H16N4O6'],
      ['呋喃妥因', 'Nitrofurantoin', '67-20-9', 'C8H6N4O5'],
      ['呋喃西林', 'Nitrofurazone', '59-87-0', 'C6H6N4O4', { alias: '硝基呋喃腙' }],
      ['3-氨基-2-噁唑烷酮', '3-Amino-2-oxazolidinone', '80-65-9', 'C3H6N2O2', { alias: 'AOZ', synonyms: '呋喃唑酮代谢物', control: '非管控', noMemberPrice: true }],
      ['盐酸氨基脲', 'Semicarbazide hydrochloride', '563-41-7', 'CH5N3O·HCl', { alias: 'SEM', synonyms: '呋喃西林代谢物', control: '非管控' }],
    ],
  },
  {
    ...base,
    key: 'vet-antibiotic',
    code: '48',
    items: [
      ['替米考星', 'Tilmicosin', '108050-54-0', 'C46H80N2O13'],
      ['酒石酸泰乐菌素', 'Tylosin tartrate', '74610-55-2', '(C46H77NO17)2·C4H6O6'],
      ['盐酸林可霉素', 'Lincomycin hydrochloride', '859-18-7', 'C18H34N2O6S·HCl', { alias: '洁霉素' }],
      ['青霉素G钾', 'Benzylpenicillin potassium', '113-98-4', 'C16H17KN2O4S', { alias: '苄青霉素钾', temperature: '-20℃' }],
      ['氨苄西林', 'Ampicillin', '69-53-4', 'C16H19N3O4S', { alias: '氨苄青霉素' }],
      ['头孢噻呋', 'Ceftiofur', '80370-57-6', 'C19H17N5O7S3', { temperature: '-20℃' }],
    ],
  },
  {
    ...base,
    key: 'vet-antiparasitic',
    code: '49',
    items: [
      ['伊维菌素', 'Ivermectin', '70288-86-7', 'C48H74O14', { synonyms: '22,23-Dihydroavermectin B1a', temperature: '-20℃' }],
      ['阿苯达唑', 'Albendazole', '54965-21-8', 'C12H15N3O2S', { alias: '丙硫咪唑' }],
      ['甲苯咪唑', 'Mebendazole', '31431-39-7', 'C16H13N3O3', { alias: '甲苯达唑' }],
      ['盐酸左旋咪唑', 'Levamisole hydrochloride', '16595-80-5', 'C11H12N2S·HCl'],
      ['地克珠利', 'Diclazuril', '101831-37-2', 'C17H9Cl3N4O2', { alias: '杀球灵' }],
      ['喹乙醇', 'Olaquindox', '23696-28-8', 'C12H13N3O4', { alias: '快育灵', control: prohibited }],
      ['卡巴氧', 'Carbadox', '6804-07-5', 'C11H10N4O4', { alias: '卡巴多', control: prohibited }],
    ],
  },
];
