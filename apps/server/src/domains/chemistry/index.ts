/*
 * Chemistry: formulas, structures (SMILES, InChIKey, depictions) and the structure index with its
 * searches. The catalogue computes a product's structure columns with it; search runs its
 * formula, weight and CAS answers and keeps its index with the search index.
 */
export { indexStructures, rebuildStructures } from './chemistry.indexer.ts';
export { StructureScreen } from './chemistry.screen.ts';
export { searchChemistry, suggestCas, type ChemistryPage } from './chemistry.service.ts';
export {
  formulaWeight,
  hillFormula,
  parseFormula,
  parseQueryFormula,
  type ElementCounts,
} from './formula.ts';
export { depictSvg, prepareDepictions } from './depiction.ts';
export { inchiKeyOf } from './inchi.ts';
export {
  StructureError,
  countsOf,
  parseStructure,
  readMolecule,
  searchFactsOf,
  type ParsedStructure,
  type StructureFacts,
} from './structure.ts';
