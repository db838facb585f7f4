import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The order state machine is the only writer of an order's status and pay status (docs/orders.md):
 * every server source file is read, and a write of `orders.status` or `orders.pay_status`
 * anywhere but its repository fails. A write is an insert or update of `orders` (Kysely's
 * `insertInto('orders')` / `updateTable('orders')` with their `values(…)` / `set(…)`, or SQL
 * text) that names either column, or whose columns cannot be seen (a variable, a spread), since
 * that could carry them. The seed and migrations write orders of their own and are left out, as
 * are tests.
 */
const SRC = path.resolve(import.meta.dirname, '../src');
const WRITER = 'domains/orders/order-state.repository.ts';
const LEFT_OUT = [/^seed\//, /^db\/migrations\//, /\.test\.ts$/];
const STATE_COLUMNS = new Set(['status', 'payStatus', 'pay_status']);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

const isOrdersTable = (n: ts.Node) =>
  ts.isStringLiteralLike(n) && /^orders(\s+as\s+\w+)?$/.test(n.text);

/** The table a Kysely call chain starts with, when it is insertInto/updateTable('orders'). */
function writesOrders(call: ts.CallExpression): boolean {
  let e: ts.Expression = call.expression;
  while (ts.isPropertyAccessExpression(e) || ts.isCallExpression(e)) {
    if (ts.isCallExpression(e)) {
      const callee = e.expression;
      if (
        ts.isPropertyAccessExpression(callee) &&
        ['insertInto', 'updateTable'].includes(callee.name.text) &&
        e.arguments[0] !== undefined &&
        isOrdersTable(e.arguments[0])
      ) {
        return true;
      }
      e = callee;
    } else {
      e = e.expression;
    }
  }
  return false;
}

/** The columns an object literal names, or null when it has a part whose columns are unseen. */
function columnsOf(node: ts.Expression): string[] | null {
  let e = node;
  // `(eb) => ({ … })`: the object the callback answers.
  if (ts.isArrowFunction(e)) {
    if (!ts.isExpression(e.body)) return null;
    e = e.body;
  }
  while (ts.isParenthesizedExpression(e)) e = e.expression;
  if (ts.isArrayLiteralExpression(e)) {
    const all = e.elements.map(columnsOf);
    return all.includes(null) ? null : all.flatMap((c) => c ?? []);
  }
  if (!ts.isObjectLiteralExpression(e)) return null;
  const names: string[] = [];
  for (const p of e.properties) {
    if (ts.isSpreadAssignment(p) || !p.name) return null;
    if (ts.isComputedPropertyName(p.name)) return null;
    names.push(p.name.getText().replace(/['"]/g, ''));
  }
  return names;
}

/** Each write of the orders table's state in one file's text, as "file:line what". */
function stateWrites(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (n: ts.Node) =>
    `${file}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const visit = (n: ts.Node) => {
    if (
      ts.isCallExpression(n) &&
      ts.isPropertyAccessExpression(n.expression) &&
      ['set', 'values'].includes(n.expression.name.text) &&
      writesOrders(n)
    ) {
      const [first] = n.arguments;
      // `.set('status', …)`: one column by name.
      const columns =
        first && ts.isStringLiteralLike(first) ? [first.text] : first ? columnsOf(first) : [];
      if (columns === null) found.push(`${at(n)} writes orders with columns it does not name`);
      else if (columns.some((c) => STATE_COLUMNS.has(c))) {
        found.push(`${at(n)} writes ${columns.filter((c) => STATE_COLUMNS.has(c)).join(', ')}`);
      }
    }
    // SQL written as text: `update orders set … status …`.
    if (
      ts.isNoSubstitutionTemplateLiteral(n) ||
      ts.isTemplateExpression(n) ||
      ts.isStringLiteral(n)
    ) {
      const sql = n.getText();
      if (/\bupdate\s+"?orders"?\s[\s\S]*\bset\b[\s\S]*\b(pay_)?status\b/i.test(sql)) {
        found.push(`${at(n)} writes status in SQL text`);
      }
      if (/\binsert\s+into\s+"?orders"?\s*\([^)]*\b(pay_)?status\b/i.test(sql)) {
        found.push(`${at(n)} inserts status in SQL text`);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(source);
  return found;
}

describe('writes of an order’s status and pay status', () => {
  it('happen only in the state machine’s repository', () => {
    const found = sourceFiles(SRC)
      .map((f) => path.relative(SRC, f).split(path.sep).join('/'))
      .filter((rel) => rel !== WRITER && !LEFT_OUT.some((re) => re.test(rel)))
      .flatMap((rel) => stateWrites(rel, fs.readFileSync(path.join(SRC, rel), 'utf8')));
    expect(found, 'move an order with moveOrder (domains/orders/order-state.ts)').toEqual([]);
  });

  it('are found by the scan in each form a write can take (the check itself works)', () => {
    const file = (body: string) => stateWrites('x.ts', body);
    expect(file(`db.updateTable('orders').set({ status: 5 }).where('id', '=', 1)`)).toEqual([
      'x.ts:1 writes status',
    ]);
    expect(file(`trx.updateTable('orders').where('id', '=', 1).set({ payStatus })`)).toEqual([
      'x.ts:1 writes payStatus',
    ]);
    expect(file(`db.updateTable('orders as o').set((eb) => ({ payStatus: eb.ref('x') }))`)).toEqual(
      ['x.ts:1 writes payStatus'],
    );
    expect(file(`db.updateTable('orders').set('status', 4)`)).toEqual(['x.ts:1 writes status']);
    expect(file(`db.updateTable('orders').set(changes)`)).toEqual([
      'x.ts:1 writes orders with columns it does not name',
    ]);
    expect(file(`db.updateTable('orders').set({ ...changes, updatedAt: 1 })`)).toEqual([
      'x.ts:1 writes orders with columns it does not name',
    ]);
    expect(file(`db.insertInto('orders').values(row)`)).toEqual([
      'x.ts:1 writes orders with columns it does not name',
    ]);
    expect(file(`db.insertInto('orders').values({ number, status: 1 })`)).toEqual([
      'x.ts:1 writes status',
    ]);
    expect(file('sql`update orders set pay_status = 3 where id = ${id}`.execute(db)')).toEqual([
      'x.ts:1 writes status in SQL text',
    ]);
    // Other columns of orders, and the state of other tables, are not the machine's.
    expect(file(`db.updateTable('orders').set({ invoiceNumber, updatedAt: at })`)).toEqual([]);
    expect(file(`db.updateTable('quotes').set({ status: 'ordered' })`)).toEqual([]);
    expect(file(`db.updateTable('orders').set({ updatedAt: 1 }).where('status', '=', 2)`)).toEqual(
      [],
    );
  });
});
