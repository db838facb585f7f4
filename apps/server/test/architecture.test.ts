import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's house (docs/architecture.md, "The house"): the HTTP doors on top (domains/index.ts
 * registers every domain's *.routes.ts below /client/v1 or /manage/v1), workflows (src/workflows)
 * composing several domains, the domains under src/domains, each with one face, its index.ts,
 * and lib, db and plugins below (ESLint keeps those from importing a domain). This test keeps
 * the walls:
 * - no file imports itself back through others, and no two domains import each other, directly
 *   or around a longer circle;
 * - a file outside a domain (another domain, a workflow, the app level, the seed, tests,
 *   benches) imports only the domain's index.ts, the doors its routes files too; a domain's
 *   files never import a workflow, except its routes (the door a workflow is called from);
 * - an index.ts only names what it offers (`export { … } from './…'`), never everything of a
 *   file, and names a repository function that writes only where WRITING_API says why;
 * - every table is written only by the repositories of the domain that owns it (OWNERS).
 */
const SERVER = path.resolve(import.meta.dirname, '..');
const SRC = path.join(SERVER, 'src');
const DOMAINS = path.join(SRC, 'domains');
const WORKFLOWS = path.join(SRC, 'workflows');
/** The doors: every domain's routes registered below their prefix. */
const DOORS = path.join(DOMAINS, 'index.ts');
const isRoutes = (file: string) => file.endsWith('.routes.ts');
/**
 * The folders whose files import domains: the server's source, its tests and its benches.
 * scripts/ is left out on purpose: the SQL generator (scripts/queries) calls repositories
 * directly, to show the SQL each one sends.
 */
const SCANNED = ['src', 'test', 'bench'].map((d) => path.join(SERVER, d));
/** `import … from './x.ts'`, and re-exports (`export { a } from`, `export * from`) too. */
const IMPORT =
  /^\s*(import\s+type\s+\*|import\s|export\s+(?:type\s+)?[*{])[^;]*?from\s+'(\.[^']+)'/gms;

/**
 * The repository functions that write which an index.ts may still name, by repository, each with
 * why. The rule (docs/architecture.md, "Faces"): a face offers services, and the reads of its
 * rows other domains show (a repository function that only reads may be named as it is); a
 * function that writes is named only when that one statement IS the domain's rule: a ledger's
 * writer, the audit writer, a scheduled prune of the domain's expired rows, and the cart's
 * concurrency-safe line statements. Anything else that writes goes through a service.
 */
// prettier-ignore
const WRITING_API: Record<string, readonly string[]> = {
  // The hourly prune (jobs/prune.ts).
  'account/verification.repository.ts': ['pruneExpiredCodes'],
  // Every staff write records its audit row in its own transaction.
  'audit/audit.repository.ts': ['recordAudit'],
  // The balance ledger's one writer (docs/architecture.md, "Ledgers").
  'balance/balance.repository.ts': ['creditBalance', 'debitBalance'],
  // One statement on the unique (member, pack) key, so concurrent adds never lose a quantity
  // (a quick order adds through it); an order takes its chosen lines out in one statement,
  // answering what they held, and a quote's order its packs' lines.
  'cart/cart.repository.ts': ['addToLine', 'deletePackLines', 'takeLines'],
  // The hourly prune of answers kept for retries.
  'idempotency/idempotency.repository.ts': ['pruneKeys'],
  // The hourly prune of which cart lines became which order, once their retry window is over.
  'orders/orders.repository.ts': ['pruneOrderCarts'],
  // The hourly prune of dead sessions.
  'session/session.repository.ts': ['pruneExpiredSessions'],
  // The hourly prune of ended staff sessions and login tickets.
  'staff/staff.repository.ts': ['pruneLoginTickets', 'pruneStaffSessions'],
  // The stock ledger's one writer (docs/architecture.md, "Ledgers").
  'stock/stock.repository.ts': ['moveStock', 'openStock'],
};

/**
 * The owner of every table of db/schema.ts: the only domain (or lib, for the shared settings,
 * rate events and job leases) whose repositories write it. Another domain that needs a change
 * of a table calls its owner's face.
 */
// prettier-ignore
const OWNERS: Record<string, string> = {
  addresses: 'account', invoices: 'account', users: 'account', verificationCodes: 'account',
  auditLogs: 'audit',
  balanceRecords: 'balance',
  cartItems: 'cart',
  brands: 'catalogue', browseHistory: 'catalogue', categories: 'catalogue', materials: 'catalogue',
  productRelations: 'catalogue', products: 'catalogue',
  coaRecords: 'certificates',
  productStructures: 'chemistry', structureChanges: 'chemistry', structureFingerprints: 'chemistry',
  explosiveReports: 'compliance', orderQualifications: 'compliance', qualificationMovements: 'compliance',
  qualificationSubstances: 'compliance', qualifications: 'compliance', salesLedger: 'compliance',
  contents: 'content', links: 'content', searchKeys: 'content',
  orgCredits: 'credit', settlementOrders: 'credit', settlements: 'credit',
  customized: 'customized', customizedGoods: 'customized',
  bankStatementRows: 'finance', bankStatements: 'finance',
  bulkInquiries: 'forms', feedbacks: 'forms', surveyCheckins: 'forms',
  deliveries: 'fulfilment', deliveryGoods: 'fulfilment',
  idempotencyKeys: 'idempotency',
  inboxReplies: 'inbox',
  fileChunks: 'lib', fileObjects: 'lib', jobLeases: 'lib', rateEvents: 'lib', settings: 'lib',
  settingChanges: 'money-routing',
  memberMessages: 'notifications', messageTemplates: 'notifications',
  notificationOptOuts: 'notifications', notificationOutbox: 'notifications',
  orderCarts: 'orders', orderGoods: 'orders', orders: 'orders',
  orderApprovals: 'organizations', orgAddresses: 'organizations', orgBudgets: 'organizations',
  orgInvoices: 'organizations', orgMembers: 'organizations', organizations: 'organizations',
  bankTransfers: 'payments', orderPayments: 'payments', orderRefunds: 'payments',
  paymentRecords: 'payments', paymentRefunds: 'payments', paymentTransactions: 'payments',
  fapiaoRequests: 'procurement', orderFapiaoFiles: 'procurement', quoteLines: 'procurement',
  quotes: 'procurement',
  punchoutConnections: 'punchout', punchoutMessages: 'punchout', punchoutOrders: 'punchout',
  punchoutSessions: 'punchout',
  priceListLines: 'pricing', priceListOrgs: 'pricing', priceLists: 'pricing',
  safetyDataSheets: 'safety',
  searchDocs: 'search', searchGramStats: 'search', searchGrams: 'search', searchPhrases: 'search',
  searchSynonyms: 'search',
  sessions: 'session',
  staff: 'staff', staffLoginTickets: 'staff', staffRecoveryCodes: 'staff', staffSessions: 'staff',
  materialStocks: 'stock', stockDocuments: 'stock', stockLots: 'stock', stockMovements: 'stock',
  stores: 'stock',
};
/** Tables a repository creates for one statement, outside the schema, and their owner. */
const TEMPORARY_TABLES: Record<string, string> = {
  // The search index's rebuild stages its postings before moving them in key order.
  searchGramsStaging: 'search',
};
/**
 * Repositories that write a table named by a parameter, and the tables it may name (each is
 * held to its owner like a named one).
 */
const TABLE_PARAMETERS: Record<string, readonly string[]> = {
  // How staff handle a submitted form, one statement for the three forms the inbox lists.
  'domains/forms/forms.repository.ts': ['bulkInquiries', 'feedbacks', 'surveyCheckins'],
};
/** Tables another domain writes besides the owner, as "domain: table", each with why. */
const SHARED_WRITES: readonly string[] = [
  // users.balance is the balance ledger: its one writer is the balance repository
  // (docs/architecture.md, "Ledgers"); the account owns the rest of the row.
  'balance: users',
];
interface Import {
  target: string;
  /** `import type * as X from …`: the type of a whole module, as a mocks test names it. */
  typeOfModule: boolean;
}

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(p);
    return e.name.endsWith('.ts') ? [p] : [];
  });
}

const isTest = (file: string) => file.endsWith('.test.ts');

function importGraph(): Map<string, Import[]> {
  const graph = new Map<string, Import[]>();
  for (const file of SCANNED.flatMap(sourceFiles)) {
    const imports = [...fs.readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => ({
      target: path.resolve(path.dirname(file), m[2]!),
      typeOfModule: m[1]!.startsWith('import') && m[1]!.endsWith('*'),
    }));
    graph.set(file, imports);
  }
  return graph;
}

/** The domain a file lies in, or null (app-level files, workflows, domains/index.ts). */
function domainOf(file: string): string | null {
  const parts = path.relative(DOMAINS, file).split(path.sep);
  return parts.length >= 2 && parts[0] !== '..' ? (parts[0] ?? null) : null;
}

const inside = (dir: string, file: string) => !path.relative(dir, file).startsWith('..');

/**
 * Imports of a domain's file other than its index.ts from outside the domain, as "from -> to"
 * (paths from src, or from the server folder for tests and benches).
 */
function outsideFaces(graph: ReadonlyMap<string, readonly Import[]>): string[] {
  const found: string[] = [];
  for (const [file, imports] of graph) {
    const from = domainOf(file);
    for (const { target, typeOfModule } of imports) {
      const to = domainOf(target);
      if (to === null || to === from) continue;
      const inDomain = path.relative(path.join(DOMAINS, to), target).split(path.sep).join('/');
      if (inDomain === 'index.ts' || (file === DOORS && isRoutes(target))) continue;
      // A mocks test replaces a module by its file, and names that file's type to build it.
      if (typeOfModule && file.endsWith('.mocks.test.ts')) continue;
      found.push(`${path.relative(SERVER, file)} -> domains/${to}/${inDomain}`);
    }
  }
  return found.sort();
}

/** Files under domains/ (routes and tests aside) that import a workflow, as "from -> to". */
function domainsOnWorkflows(graph: ReadonlyMap<string, readonly Import[]>): string[] {
  const found: string[] = [];
  for (const [file, imports] of graph) {
    if (!inside(DOMAINS, file) || isTest(file) || isRoutes(file)) continue;
    for (const { target } of imports) {
      if (inside(WORKFLOWS, target)) {
        found.push(`${path.relative(SRC, file)} -> ${path.relative(SRC, target)}`);
      }
    }
  }
  return found.sort();
}

/**
 * The functions of a repository's text that write: those with a write call, and those calling
 * one of the file's functions that writes.
 */
function writingFunctions(text: string): Set<string> {
  const bodies = new Map<string, string>();
  const starts = [
    ...text.matchAll(/^(?:export\s+)?(?:async\s+)?(?:function\s+(\w+)|const\s+(\w+)\s*=)/gm),
  ];
  starts.forEach((m, i) => {
    bodies.set(m[1] ?? m[2]!, text.slice(m.index, starts[i + 1]?.index ?? text.length));
  });
  const writeCall = new RegExp(WRITE.source);
  const writes = new Set([...bodies].filter(([, body]) => writeCall.test(body)).map(([n]) => n));
  for (let grew = true; grew;) {
    grew = false;
    for (const [name, body] of bodies) {
      if (writes.has(name)) continue;
      if ([...writes].some((w) => new RegExp(`\\b${w}\\(`).test(body))) {
        writes.add(name);
        grew = true;
      }
    }
  }
  return writes;
}

/**
 * What an index.ts holds beyond named re-exports of its own files: code, `export *`, another
 * folder's files, or a repository function that writes and `allowed` does not list.
 * `repository` gives the text of one of the domain's repositories.
 */
function indexProblems(
  domain: string,
  text: string,
  allowed: Record<string, readonly string[]>,
  repository: (file: string) => string,
): string[] {
  const statements = text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return statements.flatMap((s) => {
    // A domain other code needs nothing of says so.
    if (/^export\s*\{\s*\}$/.test(s)) return [];
    const named = /^export\s+(type\s+)?\{([^}]*)\}\s*from\s+'\.\/([^']+)'$/.exec(s);
    if (!named) {
      return /^export\s+(type\s+)?\*/.test(s)
        ? [`${domain}/index.ts re-exports a whole file: ${s}`]
        : [`${domain}/index.ts holds more than named re-exports of its own files: ${s}`];
    }
    const [, typeOnly, list, file] = named;
    if (!file!.endsWith('.repository.ts') || typeOnly) return [];
    const writing = writingFunctions(repository(file!));
    return list!
      .split(',')
      .map((n) => n.trim())
      .filter((n) => n !== '' && !n.startsWith('type '))
      .map((n) => n.split(/\s+as\s+/)[0]!)
      .filter((n) => writing.has(n) && !allowed[`${domain}/${file}`]?.includes(n))
      .map((n) => `${domain}/index.ts names ${n} of ${file}, which writes`);
  });
}

/** Every cycle found by a depth-first walk, as the list of nodes around it. */
function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
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

const WRITE = /\.(?:insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\(\s*([^,)]*)/g;

/**
 * The tables a file writes: the first word of each literal; a parameter's tables where
 * `parameters` names them, else the expression itself.
 */
function writtenTables(text: string, parameters: readonly string[] = []): string[] {
  return [...text.matchAll(WRITE)].flatMap((m) => {
    const literal = /^'(\w+)/.exec(m[1]!.trim());
    if (literal) return [literal[1]!];
    return parameters.length > 0 ? parameters : [`<${m[1]!.trim()}>`];
  });
}

/** Who writes: the domain, or the top folder below src (lib, jobs, …). */
function writerOf(file: string): string {
  return domainOf(file) ?? path.relative(SRC, file).split(path.sep)[0]!;
}

/** Writes of a table by anyone but its owner, as "file -> table"; unnamed tables too. */
function foreignWrites(
  files: ReadonlyMap<string, string>,
  owners: Record<string, string>,
  shared: readonly string[],
  parameters: Record<string, readonly string[]> = {},
): string[] {
  const found: string[] = [];
  for (const [file, text] of files) {
    const writer = writerOf(file);
    const named = parameters[path.relative(SRC, file).split(path.sep).join('/')];
    for (const table of new Set(writtenTables(text, named))) {
      if (owners[table] === writer || shared.includes(`${writer}: ${table}`)) continue;
      found.push(`${path.relative(SRC, file)} -> ${table}`);
    }
  }
  return found.sort();
}

/** The source files whose writes count: not migrations, the seed or tests. */
function writingFiles(): Map<string, string> {
  const exempt = [path.join(SRC, 'db', 'migrations'), path.join(SRC, 'seed')];
  return new Map(
    sourceFiles(SRC)
      .filter((f) => !isTest(f) && !exempt.some((dir) => inside(dir, f)))
      .map((f) => [f, fs.readFileSync(f, 'utf8')]),
  );
}

/** The tables of the `Database` interface of db/schema.ts. */
function schemaTables(): string[] {
  const schema = fs.readFileSync(path.join(SRC, 'db', 'schema.ts'), 'utf8');
  const body = /export interface Database \{([\s\S]*?)\n\}/.exec(schema)![1]!;
  return [...body.matchAll(/^\s{2}(\w+):/gm)].map((m) => m[1]!).sort();
}

const domainFolders = () =>
  fs
    .readdirSync(DOMAINS, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

describe('the server import graph', () => {
  const graph = importGraph();
  /** The running code: source files, tests aside (a test may set up through another domain). */
  const code = new Map(
    [...graph]
      .filter(([file]) => inside(SRC, file) && !isTest(file))
      .map(([file, imports]) => [file, new Set(imports.map((i) => i.target))]),
  );

  it('has no file circles', () => {
    const rel = (f: string) => path.relative(SRC, f);
    expect(cycles(code).map((c) => c.map(rel).join(' -> '))).toEqual([]);
  });

  it('has no circles between domains', () => {
    const domains = new Map<string, Set<string>>();
    for (const [file, targets] of code) {
      const from = domainOf(file);
      if (from === null) continue;
      const edges = domains.get(from) ?? new Set<string>();
      for (const t of targets) {
        const to = domainOf(t);
        if (to !== null && to !== from) edges.add(to);
      }
      domains.set(from, edges);
    }
    expect(cycles(domains).map((c) => c.join(' -> '))).toEqual([]);
  });

  it('imports a domain from outside only through its index.ts', () => {
    expect(
      outsideFaces(graph),
      'import what another domain offers from its index.ts (add it there if it is its API)',
    ).toEqual([]);
  });

  it('keeps domains off the workflows', () => {
    expect(domainsOnWorkflows(graph)).toEqual([]);
  });

  it('gives every domain an index.ts of named re-exports, repositories only as listed', () => {
    const folders = domainFolders();
    expect(
      folders.filter((d) => !fs.existsSync(path.join(DOMAINS, d, 'index.ts'))),
      'every domain folder has an index.ts: its face',
    ).toEqual([]);
    const problems = folders
      .filter((d) => fs.existsSync(path.join(DOMAINS, d, 'index.ts')))
      .flatMap((d) =>
        indexProblems(
          d,
          fs.readFileSync(path.join(DOMAINS, d, 'index.ts'), 'utf8'),
          WRITING_API,
          (file) => fs.readFileSync(path.join(DOMAINS, d, file), 'utf8'),
        ),
      );
    expect(problems).toEqual([]);
  });

  it('lists in WRITING_API only functions that exist and write', () => {
    const missing = [
      ...Object.entries(WRITING_API).flatMap(([file, names]) =>
        fs.existsSync(path.join(DOMAINS, file))
          ? names
              .filter(
                (n) => !writingFunctions(fs.readFileSync(path.join(DOMAINS, file), 'utf8')).has(n),
              )
              .map((n) => `${file}: ${n}, a function that writes`)
          : [file],
      ),
    ].filter((f) => !fs.existsSync(path.join(DOMAINS, f)));
    expect(missing).toEqual([]);
  });

  it('refuses an import outside a face (the check itself works)', () => {
    const at = (f: string) => path.join(DOMAINS, f);
    const imports = (...targets: string[]) =>
      targets.map((target) => ({ target, typeOfModule: false }));
    const graph = new Map([
      [at('a/a.service.ts'), imports(at('b/index.ts'), at('b/b.repository.ts'), at('a/x.ts'))],
      [path.join(SRC, 'app.ts'), imports(at('b/b.service.ts'))],
      [DOORS, imports(at('b/b.routes.ts'), at('b/b.service.ts'))],
      [path.join(SERVER, 'test', 'helpers.ts'), imports(at('b/b.repository.ts'))],
      [at('a/a.mocks.test.ts'), [{ target: at('b/b.service.ts'), typeOfModule: true }]],
      [path.join(WORKFLOWS, 'w.ts'), imports(at('b/b.service.ts'), at('b/index.ts'))],
    ]);
    expect(outsideFaces(graph)).toEqual([
      'src/app.ts -> domains/b/b.service.ts',
      'src/domains/a/a.service.ts -> domains/b/b.repository.ts',
      'src/domains/index.ts -> domains/b/b.service.ts',
      'src/workflows/w.ts -> domains/b/b.service.ts',
      'test/helpers.ts -> domains/b/b.repository.ts',
    ]);
  });

  it('refuses a domain importing a workflow (the check itself works)', () => {
    const graph = new Map([
      [
        path.join(DOMAINS, 'a/a.service.ts'),
        [{ target: path.join(WORKFLOWS, 'w.ts'), typeOfModule: false }],
      ],
      [
        path.join(DOMAINS, 'a/a.test.ts'),
        [{ target: path.join(WORKFLOWS, 'w.ts'), typeOfModule: false }],
      ],
      [
        path.join(WORKFLOWS, 'w.ts'),
        [{ target: path.join(WORKFLOWS, 'v.ts'), typeOfModule: false }],
      ],
    ]);
    expect(domainsOnWorkflows(graph)).toEqual(['domains/a/a.service.ts -> workflows/w.ts']);
  });

  it('refuses an index that re-exports more than it names (the check itself works)', () => {
    const text = `/* the face */
export { a, type Row } from './a.repository.ts';
export type { B } from './b.repository.ts';
export { c as see, cRead } from './c.repository.ts';
export { s } from './s.service.ts';
export * from './d.repository.ts';
export * as e from './e.ts';
export { f } from '../other/index.ts';
export const g = 1;`;
    const repositories: Record<string, string> = {
      'a.repository.ts': "export const a = (db) => db.deleteFrom('t')",
      'b.repository.ts': '',
      'c.repository.ts': `export function insertRow(db) {
  return db.insertInto('t');
}
export async function c(db) {
  await insertRow(db).execute();
}
export function cRead(db) {
  return db.selectFrom('t');
}`,
    };
    expect(
      indexProblems('x', text, { 'x/a.repository.ts': ['a'] }, (f) => repositories[f]!),
    ).toEqual([
      'x/index.ts names c of c.repository.ts, which writes',
      "x/index.ts re-exports a whole file: export * from './d.repository.ts'",
      "x/index.ts re-exports a whole file: export * as e from './e.ts'",
      "x/index.ts holds more than named re-exports of its own files: export { f } from '../other/index.ts'",
      'x/index.ts holds more than named re-exports of its own files: export const g = 1',
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

describe('table owners', () => {
  it('name an owner for every table of the schema, and only those', () => {
    expect(
      Object.keys(OWNERS).sort(),
      'every table of db/schema.ts has one line in OWNERS',
    ).toEqual(schemaTables());
    const owners = new Set([...Object.values(OWNERS), ...Object.values(TEMPORARY_TABLES)]);
    expect([...owners].filter((o) => o !== 'lib' && !domainFolders().includes(o))).toEqual([]);
  });

  it('are the only writers of their tables', () => {
    const found = foreignWrites(
      writingFiles(),
      { ...OWNERS, ...TEMPORARY_TABLES },
      SHARED_WRITES,
      TABLE_PARAMETERS,
    );
    expect(
      found,
      'write a table only in its owner’s repositories (OWNERS); call the owner’s face instead',
    ).toEqual([]);
  });

  it('refuse a write of another domain, or of a table not named (the check itself works)', () => {
    const at = (f: string) => path.join(SRC, f);
    const files = new Map([
      [
        at('domains/a/a.repository.ts'),
        "db.insertInto('alpha').values(x); db\n  .updateTable('beta as b')",
      ],
      [at('domains/b/b.repository.ts'), "db.deleteFrom('beta'); db.updateTable(TABLES[kind])"],
      [at('domains/b/forms.repository.ts'), 'db.updateTable(table).set(x)'],
      [at('domains/c/c.repository.ts'), "db.updateTable('alpha').set({ x })"],
      [at('lib/settings.repository.ts'), "db.mergeInto('settings')"],
    ]);
    const owners = { alpha: 'a', beta: 'b', settings: 'lib' };
    expect(
      foreignWrites(files, owners, ['c: alpha'], {
        'domains/b/forms.repository.ts': ['alpha', 'beta'],
      }),
    ).toEqual([
      'domains/a/a.repository.ts -> beta',
      'domains/b/b.repository.ts -> <TABLES[kind]>',
      'domains/b/forms.repository.ts -> alpha',
    ]);
  });
});
