/*
 * Safety: the safety data sheets (SDS) of products per language and version, the GB 15258
 * safety label of a pack and lot, and the hazardous products still without a Chinese SDS
 * (docs/safety.md).
 */
export { currentSdsOf, deliverySdsText, missingChineseSdsCount, sdsUrl } from './sds.service.ts';
export { isHazardous, lacksChineseSheet } from './sds.repository.ts';
export { HAZARD_TEXTS } from './ghs-statements.ts';
export { drawPictogram } from './pictogram-pdf.ts';
export { EMERGENCY_PHONE_SETTING } from './label.service.ts';
