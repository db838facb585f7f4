/**
 * Chinese texts of GHS hazard (H) and precautionary (P) statements for the safety label, and the
 * P statements each H statement calls for. The official texts (GB 30000 series, the Chinese
 * edition of the UN GHS) could not be read from where this shop is built; what was read are
 * public reproductions, listed with their letters in docs/safety.md ("Statement texts"):
 *
 * - R1: a transcription of GHS Annex 3 in Chinese (H texts, their class, signal word and the
 *   P statements assigned to each), a 2015 database dump of a chemical tracking system;
 * - R2: the H and P statement tables of a reagent vendor's product pages;
 * - R3: a Java map of H and EUH texts ("GB 30000 系列 / 联合国 GHS 第 9 修订版官方译本");
 * - R4: a Python map of H texts of a lab-safety tool; R5: a CLP look-up table of H texts;
 * - R6: a TypeScript map of P texts; R7, R8: two Chinese SDS samples' section 2.
 *
 * The text printed is the one most of them give (R1 breaks a tie for H, R2 for P), with R1's
 * bracketed notes to the label writer left out and stray spaces removed; `sources` names the
 * reproductions that give exactly that text. Two or more is confidence B, one is C (docs).
 * A code found in none is printed as its code with 待核实, never with an invented text.
 */

export interface StatementText {
  text: string;
  /** The reproductions that give this text (docs/safety.md). */
  sources: string;
}

const s = (text: string, sources: string): StatementText => ({ text, sources });

/** Hazard statements (and the EU's EUH supplements the product data carries). */
export const HAZARD_TEXTS: Readonly<Record<string, StatementText>> = {
  H224: s('极易燃烧的液体和蒸气', 'R1'),
  H225: s('高度易燃液体和蒸气', 'R1 R2 R3 R4'),
  H226: s('易燃液体和蒸气', 'R1 R2 R3'),
  H228: s('易燃固体', 'R1 R2 R3'),
  H271: s('可能引起燃烧或爆炸；强氧化剂', 'R1 R2 R3'),
  H272: s('可能加剧燃烧；氧化剂', 'R1 R2 R3'),
  H290: s('可能腐蚀金属', 'R1 R2 R3 R4'),
  H300: s('吞咽致命', 'R1 R2 R3'),
  H301: s('吞咽有毒', 'R3 R4'),
  H302: s('吞咽有害', 'R1 R2 R3 R4'),
  H304: s('吞咽并进入呼吸道可能致命', 'R1 R2 R3'),
  H310: s('接触皮肤致命', 'R1'),
  H311: s('皮肤接触有毒', 'R3 R4'),
  H312: s('皮肤接触有害', 'R3 R4'),
  H314: s('造成严重皮肤灼伤和眼损伤', 'R1 R2 R3 R4'),
  H315: s('造成皮肤刺激', 'R1 R2 R3 R4'),
  H317: s('可能导致皮肤过敏反应', 'R1 R2 R3'),
  H318: s('造成严重眼损伤', 'R1 R2 R3 R4'),
  H319: s('造成严重眼刺激', 'R1 R2 R3 R4'),
  H330: s('吸入致命', 'R1 R2 R3 R4'),
  H331: s('吸入有毒', 'R2 R3 R4'),
  H332: s('吸入有害', 'R1 R2 R3 R4'),
  H334: s('吸入可能导致过敏或哮喘病症状或呼吸困难', 'R1 R2'),
  H335: s('可能引起呼吸道刺激', 'R1 R3 R4'),
  H336: s('可能引起昏昏欲睡或眩晕', 'R1 R3 R4'),
  H340: s('可能导致遗传性缺陷', 'R1 R2 R3'),
  H341: s('怀疑导致遗传性缺陷', 'R1'),
  H350: s('可能致癌', 'R1 R2 R3 R4'),
  H351: s('怀疑致癌', 'R1 R3'),
  H360: s('可能对生育能力或胎儿造成伤害', 'R1 R2'),
  H361: s('怀疑对生育能力或胎儿造成伤害', 'R1 R2'),
  H361d: s('怀疑对生育能力或胎儿造成伤害', 'R5'),
  H370: s('对器官造成损害', 'R1 R2 R4'),
  H371: s('可能对器官造成损害', 'R1 R2'),
  H372: s('长期或重复接触会对器官造成伤害', 'R1 R2'),
  H373: s('长期或重复接触可能对器官造成伤害', 'R1 R2'),
  H400: s('对水生生物毒性极大', 'R1 R2 R3'),
  H410: s('对水生生物毒性极大并具有长期持续影响', 'R1 R2 R3'),
  H411: s('对水生生物有毒并具有长期持续影响', 'R1 R2 R3'),
  H412: s('对水生生物有害并具有长期持续影响', 'R1 R2 R3'),
  EUH019: s('可能形成爆炸性过氧化物', 'R3'),
  EUH066: s('反复接触可能导致皮肤干燥或皲裂', 'R3'),
  EUH071: s('对呼吸道有腐蚀性', 'R3'),
};

/** Precautionary statements, single and combined, as the assignments below use them. */
export const PRECAUTION_TEXTS: Readonly<Record<string, StatementText>> = {
  P201: s('使用前取得专用说明。', 'R2'),
  P202: s('在所有的安全预防措施被阅读和理解之前不要处理。', 'R2'),
  P210: s('远离热源、热表面、火花、明火和其他点火源。禁止吸烟。', 'R2 R8'),
  P220: s('远离服装和其他可燃材料。', 'R2'),
  P221: s('采取任何预防措施，以避免与可燃物混合。', 'R2'),
  P233: s('保持容器密闭。', 'R2 R7 R8'),
  P234: s('只能在原容器中存放。', 'R2'),
  P240: s('接地/等电位连接容器和接收设备。', 'R8'),
  P241: s('使用防爆的电气/通风/照明设备。', 'R7 R8'),
  P242: s('只使用不产生火花的工具。', 'R2'),
  P243: s('采取防止静电放电的措施。', 'R2 R7'),
  P260: s('不要吸入粉尘/烟/气体/气雾/蒸气/喷雾。', 'R2'),
  P261: s('避免吸入粉尘/烟/气体/气雾/蒸气/喷雾。', 'R2'),
  P262: s('严防进入眼中、接触皮肤或衣服。', 'R2'),
  P264: s('处理后要彻底清洗……', 'R2'),
  P270: s('使用本产品时不要进食、饮水或吸烟。', 'R2'),
  P271: s('只能在室外或通风良好处使用。', 'R2'),
  P272: s('受沾染的工作服不得带出工作场地。', 'R2'),
  P273: s('避免释放到环境中。', 'R2'),
  P280: s('戴防护手套/穿防护服/戴防护眼罩/戴防护面具。', 'R2 R7 R8'),
  P281: s('根据需要使用个人防护装备。', 'R2'),
  P283: s('穿防火或阻燃服装。', 'R2'),
  P284: s('佩戴呼吸防护装置。', 'R2'),
  P285: s('如果通风不足，请佩戴呼吸防护装置。', 'R2'),
  'P301+P310': s('如误吞咽：立即呼叫解毒中心或医生。', 'R2'),
  'P301+P330+P331': s('如误吞咽：漱口。不得诱导呕吐。', 'R2'),
  // R2's own combined text is garbled ("如皮肤护理"): its two parts, in order.
  'P302+P350': s('如皮肤沾染：用大量肥皂和水轻轻洗净。', 'R2'),
  'P302+P352': s('如皮肤沾染：用大量肥皂和水充分清洗。', 'R2'),
  'P303+P361+P353': s(
    '如皮肤（或头发）沾染：立即去除/脱掉所有沾染的衣服。用水/淋浴冲洗皮肤。',
    'R2',
  ),
  'P304+P340': s('如误吸入：将人转移到空气新鲜处，保持呼吸舒适体位。', 'R2 R7'),
  'P304+P341': s('如果吸入：如果呼吸困难，将患者移至新鲜空气处并保持呼吸舒适的姿势休息。', 'R2'),
  'P305+P351+P338': s(
    '如进入眼睛：用水小心冲洗几分钟。如戴隐形眼镜并可方便地取出，取出隐形眼镜。继续冲洗。',
    'R2 R6 R7 R8',
  ),
  'P306+P360': s('如沾染衣服：立即用水充分冲洗沾染的衣服和皮肤，然后脱掉衣服。', 'R2'),
  // R2's combined text repeats 医生: its two parts, in order.
  'P307+P311': s('如果暴露：呼叫中毒急救中心/医生/……', 'R2'),
  'P308+P313': s('如接触到或相关暴露：求医/就诊。', 'R2'),
  'P309+P311': s('如果暴露或感觉不适：呼叫解毒中心或医生。', 'R2'),
  P310: s('立即呼叫中毒急救中心/医生/……', 'R2'),
  P311: s('呼叫中毒急救中心/医生/……', 'R2'),
  P312: s('如感觉不适，呼叫中毒急救中心/医生/……', 'R2'),
  P314: s('如感觉不适，须求医/就诊。', 'R2'),
  P320: s('紧急的具体治疗（见本标签上的……）。', 'R2'),
  P321: s('具体治疗（见本标签上的……）。', 'R2'),
  P322: s('具体措施（见本标签上的……）。', 'R2'),
  P330: s('漱口。', 'R2'),
  P331: s('不得引吐。', 'R2'),
  'P332+P313': s('如发生皮肤刺激：求医/就诊。', 'R2'),
  'P333+P313': s('如发生皮肤刺激或皮疹：求医/就诊。', 'R2'),
  'P337+P313': s('如眼刺激持续不退：求医/就诊。', 'R2'),
  'P342+P311': s('如出现呼吸系统病症：呼叫中毒急救中心/医生/……', 'R2'),
  P361: s('立即脱掉所有沾染的衣服。', 'R2'),
  P362: s('脱掉沾染的衣服。', 'R2'),
  P363: s('沾染的衣服清洗后方可重新使用。', 'R2 R7'),
  'P370+P378': s('火灾时：使用……灭火。', 'R2 R6'),
  'P371+P380+P375': s('如发生大火和大量泄漏：撤离现场。因有爆炸危险，须远距离灭火。', 'R2 R6'),
  P390: s('吸收溢出物，防止材料损坏。', 'R2'),
  P391: s('收集溢出物。', 'R2'),
  'P403+P233': s('存放在通风良好的地方。保持容器密闭。', 'R2'),
  'P403+P235': s('存放在通风良好的地方。保持凉爽。', 'R2'),
  P405: s('存放处须加锁。', 'R2 R7'),
  P406: s('存放于耐腐蚀的容器中。', 'R2'),
  P501: s('根据……来处置内装物/容器。', 'R2'),
};

const FLAMMABLE_LIQUID = [
  'P210',
  'P233',
  'P240',
  'P241',
  'P242',
  'P243',
  'P280',
  'P303+P361+P353',
  'P370+P378',
  'P403+P235',
  'P501',
];
const OXIDIZER = ['P210', 'P220', 'P221', 'P280', 'P370+P378', 'P501'];
const ORAL_TOXIC = ['P264', 'P270', 'P301+P310', 'P321', 'P330', 'P405', 'P501'];
const CMR = ['P201', 'P202', 'P281', 'P308+P313', 'P405', 'P501'];
const DROWSY_OR_IRRITANT = ['P261', 'P271', 'P304+P340', 'P312', 'P403+P233', 'P405', 'P501'];
const AQUATIC = ['P273', 'P391', 'P501'];

/** The P statements GHS Annex 3 assigns to each H statement, as R1 transcribes them. */
// prettier-ignore
export const PRECAUTIONS_OF: Readonly<Record<string, readonly string[]>> = {
  H224: FLAMMABLE_LIQUID,
  H225: FLAMMABLE_LIQUID,
  H226: FLAMMABLE_LIQUID,
  H228: ['P210', 'P240', 'P241', 'P280', 'P370+P378'],
  H271: ['P210', 'P220', 'P221', 'P280', 'P283', 'P306+P360', 'P371+P380+P375', 'P370+P378', 'P501'],
  H272: OXIDIZER,
  H290: ['P234', 'P390', 'P406'],
  H300: ORAL_TOXIC,
  H301: ORAL_TOXIC,
  H302: ['P264', 'P270', 'P301+P310', 'P330', 'P501'],
  H304: ['P301+P310', 'P331', 'P405', 'P501'],
  H310: ['P262', 'P264', 'P270', 'P280', 'P302+P350', 'P310', 'P322', 'P361', 'P363', 'P405', 'P501'],
  H311: ['P280', 'P302+P352', 'P312', 'P322', 'P361', 'P363', 'P405', 'P501'],
  H312: ['P280', 'P302+P352', 'P312', 'P322', 'P363', 'P501'],
  H314: ['P260', 'P264', 'P280', 'P301+P330+P331', 'P303+P361+P353', 'P363', 'P304+P340', 'P310', 'P321', 'P305+P351+P338', 'P405', 'P501'],
  H315: ['P264', 'P280', 'P302+P352', 'P321', 'P332+P313', 'P362'],
  H317: ['P261', 'P272', 'P280', 'P302+P352', 'P333+P313', 'P321', 'P363', 'P501'],
  H318: ['P280', 'P305+P351+P338', 'P310'],
  H319: ['P264', 'P280', 'P305+P351+P338', 'P337+P313'],
  H330: ['P260', 'P271', 'P284', 'P304+P340', 'P310', 'P320', 'P403+P233', 'P405', 'P501'],
  H331: ['P261', 'P271', 'P304+P340', 'P311', 'P321', 'P403+P233', 'P405', 'P501'],
  H332: ['P261', 'P271', 'P304+P340', 'P312'],
  H334: ['P261', 'P285', 'P304+P341', 'P342+P311', 'P501'],
  H335: DROWSY_OR_IRRITANT,
  H336: DROWSY_OR_IRRITANT,
  H340: CMR,
  H341: CMR,
  H350: CMR,
  H351: CMR,
  H360: CMR,
  H361: CMR,
  H361d: CMR,
  H370: ['P260', 'P264', 'P270', 'P307+P311', 'P321', 'P405', 'P501'],
  H371: ['P260', 'P264', 'P270', 'P309+P311', 'P405', 'P501'],
  H372: ['P260', 'P264', 'P270', 'P314', 'P501'],
  H373: ['P260', 'P314', 'P501'],
  H400: AQUATIC,
  H410: AQUATIC,
  H411: AQUATIC,
  H412: ['P273', 'P501'],
};
