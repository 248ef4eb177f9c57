/**
 * The module structure the code promises (STYLE.md, README): no import circle in the
 * kernel (`sim/`), the kernel imports nothing from Node, and the browser app imports
 * nothing from the command line's folder. Read from the TypeScript sources themselves:
 * every `import … from './x.ts'` and `export … from` with a relative path.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const root = resolve(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.ts$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** The specifiers a file imports (type-only imports included: they still tie modules together). */
function specifiers(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s+'([^']+)'/gms)].map((m) => m[1]!);
}

function localImports(file: string): string[] {
  return specifiers(file)
    .filter((s) => s.startsWith('.'))
    .map((s) => relative(root, resolve(root, dirname(file), s)));
}

/** Every cycle in the graph, each as the list of files around it (Tarjan's components). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return out;
}

describe('import graph', () => {
  const kernel = sources('sim');

  test('finds a circle where there is one (the checker itself)', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(g)).toEqual([['a', 'b', 'c']]);
  });

  test('no import circle in sim/', () => {
    expect(kernel.length).toBeGreaterThan(20);
    const graph = new Map(kernel.map((f) => [f, localImports(f)]));
    expect(cycles(graph)).toEqual([]);
  });

  test('sim/ imports nothing from Node, the DOM or the other folders', () => {
    for (const f of kernel) {
      for (const s of specifiers(f)) {
        expect(s.startsWith('node:'), `${f} imports ${s}`).toBe(false);
        if (s.startsWith('.')) expect(relative(root, resolve(root, dirname(f), s)).startsWith('sim/'), `${f} imports ${s}`).toBe(true);
      }
    }
  });

  test('the browser app imports nothing from cli/', () => {
    for (const f of sources('dashboard')) {
      for (const target of localImports(f)) expect(target.startsWith('cli/'), `${f} imports ${target}`).toBe(false);
    }
  });
});
