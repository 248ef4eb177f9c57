/**
 * A clone is complete: every relative link in the README and docs/ resolves to a file in
 * the repository (the build documents beside the repository are not part of a clone).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const pages = [join(ROOT, 'README.md'), join(ROOT, 'dashboard', 'README.md'), ...markdownFiles(join(ROOT, 'docs'))].filter((p) => existsSync(p));

describe('documentation links', () => {
  for (const page of pages) {
    it(`${relative(ROOT, page)}: every relative link resolves inside the repository`, () => {
      const text = readFileSync(page, 'utf8');
      const targets = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((t) => !/^[a-z]+:/i.test(t) && !t.startsWith('#'));
      for (const target of targets) {
        const path = resolve(dirname(page), target.split('#')[0]);
        expect(path.startsWith(ROOT + '/') || path === ROOT, `${target} leaves the repository`).toBe(true);
        expect(existsSync(path), `${relative(ROOT, page)} links ${target}, which does not exist`).toBe(true);
      }
      expect(text, 'links to the build documents beside the repository, which a clone does not have').not.toMatch(/\.\.\/shared\//);
    });
  }
});
