/**
 * The report renderer's libraries, imported when `report` is about to render: Observable
 * Plot, d3, arquero and linkedom. `run`, `merge` and the worker threads never load them
 * (tests/startup.test.ts).
 *
 * They are ES modules only. The compiled command is one CommonJS bundle (scripts/build.mjs:
 * it loads through V8's code cache), where a static `import * as Plot from
 * '@observablehq/plot'` would become a `require()` that Node 20 refuses; there each static
 * import of them reads the module imported here instead (rendererLibrary). From the
 * sources (tests, the dashboard) the static imports are plain imports, and this is only
 * their first.
 */
const loaded = new Map<string, unknown>();

/** Set by scripts/build.mjs in the compiled command: `import()` through its loader (scripts/load-bundle.cjs says why). */
declare const POOLSIM_IMPORT: ((specifier: string) => Promise<unknown>) | undefined;

/** Import the renderer's libraries; call (and await) before importing reports/write.ts or reports/render.ts. */
export async function importRendererLibraries(): Promise<void> {
  // The same four as RENDERER_LIBRARIES in scripts/build.mjs (tests/startup.test.ts checks
  // that the build imports exactly these, and that `report` loads each).
  const names = ['@observablehq/plot', 'd3', 'arquero', 'linkedom'];
  const modules =
    typeof POOLSIM_IMPORT !== 'undefined'
      ? await Promise.all(names.map((name) => POOLSIM_IMPORT!(name)))
      : await Promise.all([import('@observablehq/plot'), import('d3'), import('arquero'), import('linkedom')]);
  names.forEach((name, i) => loaded.set(name, modules[i]));
}

/** The module of one of them, imported by importRendererLibraries (the compiled bundle's static imports read it here). */
export function rendererLibrary(name: string): unknown {
  if (!loaded.has(name)) throw new Error(`the report renderer's library ${name} was used before importRendererLibraries() imported it`);
  return loaded.get(name);
}
