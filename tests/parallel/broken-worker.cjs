// A piscina worker entry that fails while loading, as a worker would with a broken
// install, for tests/parallel-errors.test.ts and tests/startup.test.ts.
'use strict';
throw new Error('cannot find module "kernel.ts"');
