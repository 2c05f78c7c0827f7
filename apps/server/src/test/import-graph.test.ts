import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/*
 * The server's import graph, type-only imports included (as `npx madge --circular` sees it):
 * lint's `import-x/no-cycle` skips `import type`, and a type cycle is still a cycle for a reader
 * and for the module faces (docs/decisions/0013). Tests and test support are left out.
 */

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'testing.ts'
      ? [full]
      : [];
  });
}

/** Every file → the files of ours it imports (static, dynamic, type-only and re-exports alike). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => path.resolve(path.dirname(file), name.replace(/\.js$/, '.ts')));
    graph.set(file, targets);
  }
  return graph;
}

/** The cycles of `graph`, each as a list of paths relative to `src/`. */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open')
        cycles.push(stack.slice(stack.indexOf(next)).map((f) => path.relative(SRC, f)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('the server import graph', () => {
  const graph = importGraph();

  it('when every source file is read, then the graph holds the modules and the composition root', () => {
    const files = [...graph.keys()].map((f) => path.relative(SRC, f));
    expect(files).toContain('app.ts');
    expect(files).toContain(path.join('modules', 'auth', 'index.ts'));
  });

  it('when the imports are followed, type-only ones included, then no file reaches itself again', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('when a module imports another module, then it goes through that module’s index.ts', () => {
    const violations: string[] = [];
    for (const [file, targets] of graph) {
      const from = path.relative(SRC, file).split(path.sep);
      for (const target of targets) {
        const to = path.relative(SRC, target).split(path.sep);
        if (to[0] !== 'modules') continue;
        const sameModule = from[0] === 'modules' && from[1] === to[1];
        if (!sameModule && to.slice(2).join('/') !== 'index.ts')
          violations.push(`${from.join('/')} → ${to.join('/')}`);
      }
    }
    expect(violations).toEqual([]);
  });
});
