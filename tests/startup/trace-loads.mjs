// `node --import ./tests/startup/trace-loads.mjs …`: records every module the process (and
// its worker threads) loads, one URL a line, in the file named by $POOLSIM_TRACE_LOADS:
// what resolves through the ESM loader (the hooks below), and what `require()` loads
// (piscina requires its worker entry, build/…/worker.cjs, which never meets the ESM
// loader). tests/startup.test.ts reads it.
import Module, { register } from 'node:module';
import { appendFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const file = process.env.POOLSIM_TRACE_LOADS;
register('./trace-loads-hooks.mjs', import.meta.url, { data: { file } });

if (file) {
  const load = Module._load;
  Module._load = function (request, parent, isMain) {
    const loaded = load.apply(this, arguments);
    try {
      const path = Module._resolveFilename(request, parent, isMain);
      appendFileSync(file, (path.startsWith('/') ? pathToFileURL(path).href : path) + '\n');
    } catch {
      // A module resolved some other way: the ESM hooks have it.
    }
    return loaded;
  };
}
