/*
 * Members' carts: a line per pack, added to, set and removed by the member; placing an order or
 * ordering a quote takes lines out, and a quick order adds them.
 */
export {
  addToLine,
  deletePackLines,
  findPacks,
  listLines,
  takeLines,
  type PackRow,
} from './cart.repository.ts';
