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
      ['恩诺沙星', 'Enrofloxacin', '93106-60-6', 'C19H22FN3O3', { alias: '乙基环丙沙星', hot: true, smiles: 'CCN1CCN(CC1)c1cc2n(cc(C(=O)O)c(=O)c2cc1F)C1CC1', inchiKey: 'SPFYMRJSYKOXGV-UHFFFAOYSA-N' }],
      ['环丙沙星', 'Ciprofloxacin', '85721-33-1', 'C17H18FN3O3', { smiles: 'OC(=O)c1cn(C2CC2)c2cc(N3CCNCC3)c(F)cc2c1=O', inchiKey: 'MYSWGUAQZAJSOK-UHFFFAOYSA-N' }],
      ['诺氟沙星', 'Norfloxacin', '70458-96-7', 'C16H18FN3O3', { alias: '氟哌酸', smiles: 'CCn1cc(C(=O)O)c(=O)c2cc(F)c(cc12)N1CCNCC1', inchiKey: 'OGJPXUAPXNRGGI-UHFFFAOYSA-N' }],
      ['氧氟沙星', 'Ofloxacin', '82419-36-1', 'C18H20FN3O4', { alias: '氟嗪酸', smiles: 'CC1COc2c(N3CCN(C)CC3)c(F)cc3c(=O)c(cn1c23)C(=O)O', inchiKey: 'GSDSWSVVBLHKDQ-UHFFFAOYSA-N' }],
      ['盐酸沙拉沙星', 'Sarafloxacin hydrochloride', '91296-87-6', 'C20H17F2N3O3·HCl', { smiles: 'OC(=O)c1cn(-c2ccc(F)cc2)c2cc(N3CCNCC3)c(F)cc2c1=O.Cl', inchiKey: 'KNWODGJQLCISLC-UHFFFAOYSA-N' }],
      ['达氟沙星', 'Danofloxacin', '112398-08-0', 'C19H20FN3O3', { smiles: 'CN1C[C@@H]2C[C@H]1CN2c1cc2n(cc(C(=O)O)c(=O)c2cc1F)C1CC1', inchiKey: 'QMLVECGLEOSESV-RYUDHWBXSA-N' }],
      ['氟甲喹', 'Flumequine', '42835-25-6', 'C14H12FNO3', { smiles: 'CC1CCc2cc(F)cc3c(=O)c(cn1c23)C(=O)O', inchiKey: 'DPSPPJIUMHPXMA-UHFFFAOYSA-N' }],
      ['噁喹酸', 'Oxolinic acid', '14698-29-4', 'C13H11NO5', { smiles: 'CCn1cc(C(=O)O)c(=O)c2cc3OCOc3cc12', inchiKey: 'KYGZCKSPAKDVKC-UHFFFAOYSA-N' }],
    ],
  },
  {
    ...base,
    key: 'vet-amphenicol',
    code: '42',
    items: [
      ['氯霉素', 'Chloramphenicol', '56-75-7', 'C11H12Cl2N2O5', { alias: '左霉素', control: prohibited, hot: true, attributes: { 熔点: '149-153℃' }, smiles: 'C1=CC(=CC=C1[C@H]([C@@H](CO)NC(=O)C(Cl)Cl)O)[N+](=O)[O-]', inchiKey: 'WIIZWVCIJKGZOK-RKDXNWHRSA-N' }],
      ['甲砜霉素', 'Thiamphenicol', '15318-45-3', 'C12H15Cl2NO5S', { smiles: 'CS(=O)(=O)C1=CC=C(C=C1)[C@H]([C@@H](CO)NC(=O)C(Cl)Cl)O', inchiKey: 'OTVAEFIXJLOWRX-NXEZZACHSA-N' }],
      ['氟苯尼考', 'Florfenicol', '73231-34-2', 'C12H14Cl2FNO4S', { alias: '氟甲砜霉素', smiles: 'CS(=O)(=O)C1=CC=C(C=C1)[C@H]([C@@H](CF)NC(=O)C(Cl)Cl)O', inchiKey: 'AYIRNRDRBQJXIF-NXEZZACHSA-N' }],
    ],
  },
  {
    ...base,
    key: 'vet-tetracycline',
    code: '43',
    temperature: '-20℃，避光',
    items: [
      ['四环素', 'Tetracycline', '60-54-8', 'C22H24N2O8', { smiles: 'C[C@]1(c2cccc(c2C(=O)C3=C([C@]4([C@@H](C[C@@H]31)[C@@H](C(=C(C4=O)C(=O)N)O)N(C)C)O)O)O)O', inchiKey: 'OFVLGDICTFRJMM-WESIUVDSSA-N' }],
      ['土霉素', 'Oxytetracycline', '79-57-2', 'C22H24N2O9', { alias: '氧四环素', smiles: 'CN(C)[C@H]1[C@@H]2[C@@H](O)[C@H]3C(=C(O)[C@]2(O)C(=O)C(C(N)=O)=C1O)C(=O)C1=C(O)C=CC=C1[C@@]3(C)O', inchiKey: 'IWVCMVBTMGNXQD-PXOLEDIWSA-N' }],
      ['盐酸金霉素', 'Chlortetracycline hydrochloride', '64-72-2', 'C22H23ClN2O8·HCl', { alias: '盐酸氯四环素', smiles: 'CN(C)[C@H]1[C@@H]2C[C@H]3C(=C(O)[C@]2(O)C(=O)C(C(N)=O)=C1O)C(=O)C1=C(C(Cl)=CC=C1O)[C@@]3(C)O.Cl', inchiKey: 'CBHYYLPALVVVEY-MRFRVZCGSA-N' }],
      ['盐酸多西环素', 'Doxycycline hyclate', '24390-14-5', '(C22H24N2O8·HCl)2·C2H6O·H2O', { alias: '强力霉素', smiles: 'C[C@@H]1[C@H]2[C@@H]([C@H]3[C@@H](C(=O)C(=C([C@]3(C(=O)C2=C(C4=C1C=CC=C4O)O)O)O)C(=O)N)N(C)C)O.C[C@@H]1[C@H]2[C@@H]([C@H]3[C@@H](C(=O)C(=C([C@]3(C(=O)C2=C(C4=C1C=CC=C4O)O)O)O)C(=O)N)N(C)C)O.Cl.Cl.CCO.O', inchiKey: 'UHHHTIKWXBRCLT-VDBOFHIQSA-N' }],
    ],
  },
  {
    ...base,
    key: 'vet-sulfonamide',
    code: '44',
    items: [
      ['磺胺嘧啶', 'Sulfadiazine', '68-35-9', 'C10H10N4O2S', { smiles: 'Nc1ccc(cc1)S(=O)(=O)Nc1ncccn1', inchiKey: 'SEEPANYCNGTZFQ-UHFFFAOYSA-N' }],
      ['磺胺甲噁唑', 'Sulfamethoxazole', '723-46-6', 'C10H11N3O3S', { alias: '新诺明', smiles: 'Cc1cc(NS(=O)(=O)c2ccc(N)cc2)no1', inchiKey: 'JLKIGFTWXXRPMT-UHFFFAOYSA-N' }],
      ['磺胺二甲嘧啶', 'Sulfamethazine', '57-68-1', 'C12H14N4O2S', { synonyms: 'Sulfadimidine', smiles: 'Cc1cc(C)nc(NS(=O)(=O)c2ccc(N)cc2)n1', inchiKey: 'ASWVTGNCAZCNNR-UHFFFAOYSA-N' }],
      ['磺胺间甲氧嘧啶', 'Sulfamonomethoxine', '1220-83-3', 'C11H12N4O3S', { smiles: 'COc1cc(NS(=O)(=O)c2ccc(N)cc2)ncn1', inchiKey: 'WMPXPUYPYQKQCX-UHFFFAOYSA-N' }],
      ['磺胺对甲氧嘧啶', 'Sulfameter', '651-06-9', 'C11H12N4O3S', { synonyms: 'Sulfamethoxydiazine', smiles: 'COc1cnc(NS(=O)(=O)c2ccc(N)cc2)nc1', inchiKey: 'GPTONYMQFTZPKC-UHFFFAOYSA-N' }],
      ['磺胺喹噁啉', 'Sulfaquinoxaline', '59-40-5', 'C14H12N4O2S', { smiles: 'Nc1ccc(cc1)S(=O)(=O)Nc1cnc2ccccc2n1', inchiKey: 'NHZLNPMOSADWGC-UHFFFAOYSA-N' }],
      ['甲氧苄啶', 'Trimethoprim', '738-70-5', 'C14H18N4O3', { alias: '甲氧苄氨嘧啶', synonyms: 'TMP', smiles: 'COc1cc(Cc2cnc(N)nc2N)cc(OC)c1OC', inchiKey: 'IEDVJHCEMCRBQM-UHFFFAOYSA-N' }],
    ],
  },
  {
    ...base,
    key: 'vet-betaagonist',
    code: '45',
    control: prohibited,
    items: [
      ['盐酸克伦特罗', 'Clenbuterol hydrochloride', '21898-19-1', 'C12H18Cl2N2O·HCl', { alias: '瘦肉精', smiles: 'CC(C)(C)NCC(O)c1cc(Cl)c(N)c(Cl)c1.Cl', inchiKey: 'OPXKTCUYRHXSBK-UHFFFAOYSA-N' }],
      ['盐酸莱克多巴胺', 'Ractopamine hydrochloride', '90274-24-1', 'C18H23NO3·HCl', { new: true, smiles: 'CC(CCc1ccc(O)cc1)NCC(O)c1ccc(O)cc1.Cl', inchiKey: 'JHGSLSLUFMZUMK-UHFFFAOYSA-N' }],
      ['沙丁胺醇', 'Salbutamol', '18559-94-9', 'C13H21NO3', { synonyms: 'Albuterol', smiles: 'CC(C)(C)NCC(O)c1ccc(O)c(CO)c1', inchiKey: 'NDAUXUAQIAJITI-UHFFFAOYSA-N' }],
      ['硫酸特布他林', 'Terbutaline sulfate', '23031-32-5', '(C12H19NO3)2·H2SO4', { smiles: 'CC(C)(C)NCC(O)c1cc(O)cc(O)c1.CC(C)(C)NCC(O)c1cc(O)cc(O)c1.OS(=O)(=O)O', inchiKey: 'KFVSLSTULZVNPG-UHFFFAOYSA-N' }],
      ['己烯雌酚', 'Diethylstilbestrol', '56-53-1', 'C18H20O2', { alias: '乙芪酚', synonyms: 'DES', smiles: 'CC/C(=C(/CC)\\C1=CC=C(C=C1)O)/C2=CC=C(C=C2)O', inchiKey: 'RGLYKWWBQGJZGM-ISLYRVAYSA-N' }],
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
      ['草酸孔雀石绿', 'Malachite green oxalate', '2437-29-8', 'C52H54N4O12', { alias: '孔雀石绿', hot: true, smiles: 'CN(C)c1ccc(cc1)C(=C1C=CC(C=C1)=[N+](C)C)c1ccccc1.CN(C)c1ccc(cc1)C(=C1C=CC(C=C1)=[N+](C)C)c1ccccc1.[O-]C(=O)C([O-])=O.OC(=O)C(O)=O.OC(=O)C(O)=O', inchiKey: 'CNYGFPPAGUCRIC-UHFFFAOYSA-L' }],
      ['隐色孔雀石绿', 'Leucomalachite green', '129-73-7', 'C23H26N2', { smiles: 'CN(C)c1ccc(cc1)C(c1ccccc1)c1ccc(cc1)N(C)C', inchiKey: 'WZKXBGJNNCGHIC-UHFFFAOYSA-N' }],
      ['结晶紫', 'Crystal violet', '548-62-9', 'C25H30ClN3', { alias: '龙胆紫', synonyms: 'Gentian violet', smiles: 'CN(C)c1ccc(cc1)C(=C1C=CC(C=C1)=[N+](C)C)c1ccc(cc1)N(C)C.[Cl-]', inchiKey: 'ZXJXZNDDNMQXFV-UHFFFAOYSA-M' }],
      ['隐色结晶紫', 'Leucocrystal violet', '603-48-5', 'C25H31N3', { smiles: 'CN(C)c1ccc(cc1)C(c1ccc(cc1)N(C)C)c1ccc(cc1)N(C)C', inchiKey: 'OAZWDJGLIYNYMU-UHFFFAOYSA-N' }],
    ],
  },
  {
    ...base,
    key: 'vet-nitrofuran',
    code: '47',
    control: prohibited,
    items: [
      ['呋喃唑酮', 'Furazolidone', '67-45-8', 'C8H7N3O5', { alias: '痢特灵', smiles: 'O=C1OCCN1/N=C/c1ccc(o1)[N+](=O)[O-]', inchiKey: 'PLHJDBGFXBMTGZ-WEVVVXLNSA-N' }],
      ['呋喃它酮', 'Furaltadone', '139-91-3', 'C13H16N4O6', { smiles: 'O=C1OC(CN2CCOCC2)CN1/N=C/c1ccc(o1)[N+](=O)[O-]', inchiKey: 'YVQVOQKFMFRVGR-VGOFMYFVSA-N' }],
      ['呋喃妥因', 'Nitrofurantoin', '67-20-9', 'C8H6N4O5', { smiles: 'O=C1CN(/N=C/c2ccc(o2)[N+](=O)[O-])C(=O)N1', inchiKey: 'NXFQHRVNIOXGAQ-YCRREMRBSA-N' }],
      ['呋喃西林', 'Nitrofurazone', '59-87-0', 'C6H6N4O4', { alias: '硝基呋喃腙', smiles: 'NC(=O)N/N=C/c1ccc(o1)[N+](=O)[O-]', inchiKey: 'IAIWVQXQOWNYOU-FPYGCLRLSA-N' }],
      ['3-氨基-2-噁唑烷酮', '3-Amino-2-oxazolidinone', '80-65-9', 'C3H6N2O2', { alias: 'AOZ', synonyms: '呋喃唑酮代谢物', control: '非管控', noMemberPrice: true, smiles: 'NN1CCOC1=O', inchiKey: 'KYCJNIUHWNJNCT-UHFFFAOYSA-N' }],
      ['盐酸氨基脲', 'Semicarbazide hydrochloride', '563-41-7', 'CH5N3O·HCl', { alias: 'SEM', synonyms: '呋喃西林代谢物', control: '非管控', smiles: 'NNC(N)=O.Cl', inchiKey: 'XHQYBDSXTDXSHY-UHFFFAOYSA-N' }],
    ],
  },
  {
    ...base,
    key: 'vet-antibiotic',
    code: '48',
    items: [
      ['替米考星', 'Tilmicosin', '108050-54-0', 'C46H80N2O13', { smiles: 'CC[C@@H]1[C@H](/C=C(/C=C/C(=O)[C@@H](C[C@@H]([C@@H]([C@H]([C@@H](CC(=O)O1)O)C)O[C@H]2[C@@H]([C@H]([C@@H]([C@H](O2)C)O)N(C)C)O)CCN3C[C@@H](C[C@@H](C3)C)C)C)\\C)CO[C@H]4[C@@H]([C@@H]([C@@H]([C@H](O4)C)O)OC)OC', inchiKey: 'JTSDBFGMPLKDCD-XVFHVFLVSA-N' }],
      ['酒石酸泰乐菌素', 'Tylosin tartrate', '74610-55-2', '(C46H77NO17)2·C4H6O6', { smiles: 'CC[C@@H]1[C@H](/C=C(/C=C/C(=O)[C@@H](C[C@@H]([C@@H]([C@H]([C@@H](CC(=O)O1)O)C)O[C@H]2[C@@H]([C@H]([C@@H]([C@H](O2)C)O[C@H]5C[C@@](C)(O)[C@@H](O)[C@H](C)O5)N(C)C)O)CC=O)C)\\C)CO[C@H]4[C@@H]([C@@H]([C@@H]([C@H](O4)C)O)OC)OC.CC[C@@H]1[C@H](/C=C(/C=C/C(=O)[C@@H](C[C@@H]([C@@H]([C@H]([C@@H](CC(=O)O1)O)C)O[C@H]2[C@@H]([C@H]([C@@H]([C@H](O2)C)O[C@H]5C[C@@](C)(O)[C@@H](O)[C@H](C)O5)N(C)C)O)CC=O)C)\\C)CO[C@H]4[C@@H]([C@@H]([C@@H]([C@H](O4)C)O)OC)OC.[C@@H]([C@H](C(=O)O)O)(C(=O)O)O', inchiKey: 'MEWYNCXLBYIXHX-CHMFGWCOSA-N' }],
      ['盐酸林可霉素', 'Lincomycin hydrochloride', '859-18-7', 'C18H34N2O6S·HCl', { alias: '洁霉素', smiles: 'CCC[C@@H]1C[C@H](N(C1)C)C(=O)N[C@@H]([C@@H]2[C@@H]([C@@H]([C@H]([C@H](O2)SC)O)O)O)[C@@H](C)O.Cl', inchiKey: 'POUMFISTNHIPTI-BOMBIWCESA-N' }],
      ['青霉素G钾', 'Benzylpenicillin potassium', '113-98-4', 'C16H17KN2O4S', { alias: '苄青霉素钾', temperature: '-20℃', smiles: 'CC1([C@@H](N2[C@H](S1)[C@@H](C2=O)NC(=O)CC3=CC=CC=C3)C(=O)[O-])C.[K+]', inchiKey: 'IYNDLOXRXUOGIU-LQDWTQKMSA-M' }],
      ['氨苄西林', 'Ampicillin', '69-53-4', 'C16H19N3O4S', { alias: '氨苄青霉素', smiles: 'CC1([C@@H](N2[C@H](S1)[C@@H](C2=O)NC(=O)[C@@H](C3=CC=CC=C3)N)C(=O)O)C', inchiKey: 'AVKUERGKIZMTKX-NJBDSQKTSA-N' }],
      ['头孢噻呋', 'Ceftiofur', '80370-57-6', 'C19H17N5O7S3', { temperature: '-20℃', smiles: 'CO/N=C(/C1=CSC(=N1)N)\\C(=O)N[C@H]2[C@@H]3N(C2=O)C(=C(CS3)CSC(=O)C4=CC=CO4)C(=O)O', inchiKey: 'ZBHXIWJRIFEVQY-IHMPYVIRSA-N' }],
    ],
  },
  {
    ...base,
    key: 'vet-antiparasitic',
    code: '49',
    items: [
      ['伊维菌素', 'Ivermectin', '70288-86-7', 'C48H74O14', { synonyms: '22,23-Dihydroavermectin B1a', temperature: '-20℃', smiles: 'CC[C@H](C)[C@@H]1[C@H](CC[C@@]2(O1)C[C@@H]3C[C@H](O2)C/C=C(/[C@H]([C@H](/C=C/C=C/4\\CO[C@H]5[C@@]4([C@@H](C=C([C@H]5O)C)C(=O)O3)O)C)O[C@H]6C[C@@H]([C@H]([C@@H](O6)C)O[C@H]7C[C@@H]([C@H]([C@@H](O7)C)O)OC)OC)\\C)C', inchiKey: 'AZSNMRSAGSSBNP-XPNPUAGNSA-N' }],
      ['阿苯达唑', 'Albendazole', '54965-21-8', 'C12H15N3O2S', { alias: '丙硫咪唑', smiles: 'CCCSc1ccc2[nH]c(NC(=O)OC)nc2c1', inchiKey: 'HXHWSAZORRCQMX-UHFFFAOYSA-N' }],
      ['甲苯咪唑', 'Mebendazole', '31431-39-7', 'C16H13N3O3', { alias: '甲苯达唑', smiles: 'COC(=O)Nc1nc2cc(ccc2[nH]1)C(=O)c1ccccc1', inchiKey: 'OPXLLQIJSORQAM-UHFFFAOYSA-N' }],
      ['盐酸左旋咪唑', 'Levamisole hydrochloride', '16595-80-5', 'C11H12N2S·HCl', { smiles: 'C1CSC2=N[C@H](CN21)C3=CC=CC=C3.Cl', inchiKey: 'LAZPBGZRMVRFKY-HNCPQSOCSA-N' }],
      ['地克珠利', 'Diclazuril', '101831-37-2', 'C17H9Cl3N4O2', { alias: '杀球灵', smiles: 'N#CC(c1ccc(Cl)cc1)c1c(Cl)cc(cc1Cl)N1N=CC(=O)NC1=O', inchiKey: 'ZSZFUDFOPOMEET-UHFFFAOYSA-N' }],
      ['喹乙醇', 'Olaquindox', '23696-28-8', 'C12H13N3O4', { alias: '快育灵', control: prohibited, smiles: 'Cc1c(C(=O)NCCO)[n+]([O-])c2ccccc2[n+]1[O-]', inchiKey: 'TURHTASYUMWZCC-UHFFFAOYSA-N' }],
      ['卡巴氧', 'Carbadox', '6804-07-5', 'C11H10N4O4', { alias: '卡巴多', control: prohibited, smiles: 'COC(=O)N/N=C/c1c[n+]([O-])c2ccccc2[n+]1[O-]', inchiKey: 'OVGGLBAWFMIPPY-WUXMJOGZSA-N' }],
    ],
  },
];
