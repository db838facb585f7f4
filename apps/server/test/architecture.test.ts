import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's import graph has no circles (docs/architecture.md, "Layers the linter keeps"): no
 * file imports itself back through others, and no two features import each other, directly or
 * through a third. ESLint keeps lib, db and plugins from importing features; this keeps the
 * features' own graph a tree of arrows pointing one way. And a feature imports from another only
 * the files that feature declares as its public face (FACES).
 */
const SRC = path.resolve(import.meta.dirname, '../src');
const DOMAINS = path.join(SRC, 'domains');
/** `import … from './x.ts'`, and re-exports (`export { a } from`, `export * from`) too. */
const IMPORT = /^\s*(?:import\s|export\s+(?:type\s+)?[*{])[^;]*?from\s+'(\.[^']+)'/gms;

/**
 * Each feature's public face: the files of its folder other features may import, one line per
 * feature folder. The rest of a feature is its own: to use it from another feature, add the file
 * here (saying why, where its name does not) or move what both need down into lib. A feature's
 * own files, tests, the seed and the app level (app.ts, server.ts, jobs, domains/index.ts)
 * import freely.
 */
// prettier-ignore
const FACES: Record<string, readonly string[]> = {
  // Staff login keeps the members' failure windows; the shop's RSA key (staff passwords, the COA
  // links' HMAC key); the Aliyun SMS client (notifications); staff and money routing reuse
  // isUniqueViolation.
  'account': ['account.rules.ts', 'code-delivery/sms-aliyun.ts', 'rsa.ts', 'user.repository.ts'],
  // Every staff write records its audit row in its own transaction; an order's history reads them.
  'audit': ['audit.repository.ts', 'audit.service.ts'],
  // The one writer of balances (docs/architecture.md, "Ledgers") and the reads of their history.
  'balance': ['balance-history.repository.ts', 'balance.repository.ts'],
  // Product cards, for the catalogue, search and chemistry alike.
  'cards': ['index.ts'],
  // Packs as a cart line reads them: orders and quotes price them the same way; quick order adds.
  'cart': ['cart.repository.ts'],
  // The pages SEO renders.
  'catalogue': ['catalogue.service.ts'],
  'certificates': [],
  // Formulas and structures (index.ts), structure search and its index, run by search.
  'chemistry': ['chemistry.indexer.ts', 'chemistry.service.ts', 'index.ts'],
  // Who may order regulated goods (orders, payments, order admin); shipping writes the ledger;
  // a product's classes from the reference lists (product form, import); the dashboard's counts.
  'compliance': [
    'dashboard-counts.ts',
    'lists/index.ts',
    'order-rules.service.ts',
    'product-classes.ts',
    'sales-ledger.service.ts',
  ],
  // The company details printed on documents and pages.
  'content': ['content.service.ts'],
  'customized': [],
  'dashboard': [],
  'finance': [],
  // The certificate (COA) links an order shows per delivered line.
  'forms': ['coa-links.ts', 'forms.service.ts'],
  'fulfilment': [],
  'health': [],
  // The import's streamed answer settles its idempotency key itself.
  'idempotency': ['idempotency.plugin.ts'],
  'inbox': [],
  'members': [],
  'money-routing': [],
  'notifications': ['notify.ts'],
  // Quotes become orders, payments pay them, documents print them (bank details); staff correct
  // an unpaid order with the pricing it was made with; the console's order detail shows the
  // refunds as the member's does.
  // A member's orders in the console, shown as the orders screen shows them.
  'orders': [
    'order-admin.service.ts',
    'order-pricing.ts',
    'order-rows.ts',
    'orders.repository.ts',
    'orders.service.ts',
  ],
  // Staff cancelling a paid order refund what partial refunds left.
  // Staff correcting an unpaid order supersede and close its gateway payments of the old amount.
  // Gateway payments and refunds, for finance's payments export.
  // The bank transfers and bank refunds it records, for finance's payments export.
  'payments': ['balance-payment.ts', 'gateway-movements.repository.ts', 'open-payments.service.ts', 'order-refunds.ts', 'recorded-payments.repository.ts', 'refunds-view.ts', 'refunds.service.ts'],
  'procurement': [],
  // Catalogue writes update the index; the console's product search; synonyms normalized as terms.
  'search': ['after-catalogue-write.ts', 'search.service.ts', 'search.text.ts'],
  'seo': [],
  // Member guards (auth.plugin), tokens for the staff guard too, expired sessions pruned.
  'session': ['auth.plugin.ts', 'session.repository.ts', 'session.service.ts'],
  // Staff guards and permissions; StaffIdentity for the services that act for staff.
  'staff': ['staff-auth.plugin.ts', 'staff.service.ts'],
  // The ledger's one writer, stock and lot reads, holds, warehouses (docs/lots.md; the lot rules
  // themselves live in packages/shared).
  'stock': ['held.ts', 'lot-views.service.ts', 'lots.repository.ts', 'lots.service.ts', 'stock-levels.repository.ts', 'stock.repository.ts', 'warehouses.repository.ts'],
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

function importGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(SRC)) {
    const targets = new Set<string>();
    for (const m of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      targets.add(path.resolve(path.dirname(file), m[1]!));
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The feature a file belongs to, or its top folder (lib, db, plugins, jobs, …). */
function areaOf(file: string): string {
  const [top, second] = path.relative(SRC, file).split(path.sep);
  return top === 'domains' ? `domains/${second}` : (top ?? '');
}

/** The feature folder a file lies in, or null (app-level files, domains/index.ts). */
function featureOf(file: string): string | null {
  const parts = path.relative(DOMAINS, file).split(path.sep);
  return parts.length >= 2 && parts[0] !== '..' ? (parts[0] ?? null) : null;
}

/** Imports of another feature's file outside that feature's face, as "from -> to". */
function outsideFaces(
  graph: Map<string, Set<string>>,
  faces: Record<string, readonly string[]>,
): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = featureOf(file);
    if (from === null) continue;
    for (const t of targets) {
      const to = featureOf(t);
      if (to === null || to === from) continue;
      const inFeature = path.relative(path.join(DOMAINS, to), t).split(path.sep).join('/');
      if (!faces[to]?.includes(inFeature)) {
        found.push(`${path.relative(DOMAINS, file)} -> ${to}/${inFeature}`);
      }
    }
  }
  return found.sort();
}

/** Every cycle found by a depth-first walk, as the list of nodes around it. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('the server import graph', () => {
  const files = importGraph();

  it('has no file circles', () => {
    const rel = (f: string) => path.relative(SRC, f);
    expect(cycles(files).map((c) => c.map(rel).join(' -> '))).toEqual([]);
  });

  it('has no circles between features', () => {
    const areas = new Map<string, Set<string>>();
    for (const [file, targets] of files) {
      const from = areaOf(file);
      if (!from.startsWith('domains/')) continue;
      const edges = areas.get(from) ?? new Set<string>();
      for (const t of targets) {
        const to = areaOf(t);
        if (to !== from && to.startsWith('domains/')) edges.add(to);
      }
      areas.set(from, edges);
    }
    expect(cycles(areas).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('imports from another feature only the files of its declared face', () => {
    expect(outsideFaces(files, FACES)).toEqual([]);
  });

  it('declares a face for every feature folder, naming files that exist', () => {
    const folders = fs
      .readdirSync(DOMAINS, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(Object.keys(FACES)).toEqual(folders);
    const missing = Object.entries(FACES).flatMap(([feature, face]) =>
      face
        .filter((f) => !fs.existsSync(path.join(DOMAINS, feature, f)))
        .map((f) => `${feature}/${f}`),
    );
    expect(missing).toEqual([]);
  });

  it('refuses an import outside a face (the check itself works)', () => {
    const at = (f: string) => path.join(DOMAINS, f);
    const graph = new Map([
      [
        at('a/a.service.ts'),
        new Set([at('b/b.service.ts'), at('b/b.repository.ts'), at('a/x.ts')]),
      ],
      [path.join(SRC, 'app.ts'), new Set([at('b/b.repository.ts')])],
    ]);
    expect(outsideFaces(graph, { a: [], b: ['b.service.ts'] })).toEqual([
      'a/a.service.ts -> b/b.repository.ts',
    ]);
  });

  it('finds a circle when there is one (the check itself works)', () => {
    const a = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cycles(a)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
