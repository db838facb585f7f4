/** Paged answer of list calls (DESIGN.md section 2). */
export interface Paged<T> {
  records: T[];
  current: number;
  size: number;
  total: number;
}
