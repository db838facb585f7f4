/** Paged answer of list calls (docs/api.md). */
export interface Paged<T> {
  records: T[];
  current: number;
  size: number;
  total: number;
}
