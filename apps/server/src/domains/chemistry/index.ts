export {
  formulaWeight,
  hillFormula,
  parseFormula,
  parseQueryFormula,
  type ElementCounts,
} from './formula.ts';
export { inchiKeyOf } from './inchi.ts';
export {
  StructureError,
  countsOf,
  depictSvg,
  fragmentIndexHex,
  indexFromHex,
  parseStructure,
  readMolecule,
  searchFactsOf,
  type ParsedStructure,
} from './structure.ts';
