/**
 * The dashboard's Vite app (`npm run dashboard`, `npm run build`, `npm run preview`).
 * Root is `dashboard/`; the kernel (`sim/`), the worker entry (`workers/browser.ts`) and
 * the report charts (`reports/charts/`) are imported from beside it.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  root: 'dashboard',
  // Relative asset URLs, so the built app also works from a sub-folder or a file server.
  base: './',
  resolve: {
    alias: {
      // The report charts draw with Plot into linkedom's document in Node; in the browser
      // they draw into a detached document of the page's own DOM instead.
      linkedom: fileURLToPath(new URL('./dashboard/shims/linkedom.ts', import.meta.url)),
    },
  },
  worker: {
    format: 'es',
    // A worker never validates: its bundle has workers/no-zod.ts in place of zod (that file says why).
    plugins: () => [
      {
        name: 'zod-not-in-worker',
        enforce: 'pre' as const,
        resolveId: (id: string) => (/^zod(\/.*)?$/.test(id) ? fileURLToPath(new URL('./workers/no-zod.ts', import.meta.url)) : undefined),
      },
    ],
  },
  build: {
    outDir: '../dist/dashboard',
    emptyOutDir: true,
    // Plot and d3 make one large chunk by design; the warning would be noise.
    chunkSizeWarningLimit: 2000,
  },
});
