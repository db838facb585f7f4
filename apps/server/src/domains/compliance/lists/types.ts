import type { RegulationCategory } from '@labshop/shared';

/**
 * The reference lists the shop's classes follow, as data (docs/compliance.md section 2): every
 * entry with the sources it rests on and how far they confirm it.
 */

/** A: official text read; B: two independent reproductions agree; C: one; U: unconfirmed. */
export type Confidence = 'A' | 'B' | 'C' | 'U';

export type SourceId =
  'S1' | 'S2' | 'S3' | 'S4' | 'S5' | 'S6' | 'S7' | 'S8' | 'S9' | 'S10' | 'G1' | 'G2' | 'G3';

export type ListId =
  'precursor-annex' | 'precursor-additions' | 'explosive-2017' | 'hazardous-2015';

export interface ListEntry {
  list: ListId;
  /** The entry's number in its list ('3-4', '9.3'); '' where the list numbers none. */
  no: string;
  name: string;
  /** null where no source gives one: such an entry is matched by its exact name. */
  cas: string | null;
  /** false where the CAS is the compiler's (a "?" or "U" value in the reference), not a source's. */
  casConfirmed: boolean;
  category: RegulationCategory;
  confidence: Confidence;
  sources: SourceId[];
  /** What the entry covers besides its name (forms, concentrations, salts). */
  note?: string;
}
