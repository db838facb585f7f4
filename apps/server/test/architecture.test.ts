import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server's import graph has no circles (docs/architecture.md, "Layers the linter keeps"): no
 * file imports itself back through others, and no two features import each other, directly or
 * through a third. ESLint keeps lib, db and plugins from importing features; this keeps the
 * features' own graph a tree of arrows pointing one way.
 */
const SRC = path.resolve(import.meta.dirname, '../src');
const IMPORT = /^\s*import\s[^;]*?from\s+'(\.[^']+)'/gms;

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
  return top === 'features' ? `features/${second}` : (top ?? '');
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
      if (!from.startsWith('features/')) continue;
      const edges = areas.get(from) ?? new Set<string>();
      for (const t of targets) {
        const to = areaOf(t);
        if (to !== from && to.startsWith('features/')) edges.add(to);
      }
      areas.set(from, edges);
    }
    expect(cycles(areas).map((c) => c.join(' -> '))).toEqual([]);
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
