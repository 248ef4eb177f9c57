/**
 * A zod schema built the first time it is used, not when its module loads.
 *
 * Every mechanic's module declares its schemas at the top (`export const clashSetup =
 * lazySchema(() => z.object(…))`), and every command and every worker thread loads every
 * mechanic; built eagerly, zod's construction of them all was about half of a worker
 * thread's bundle load (~60 → ~35 ms) and ~30 ms of each `poolsim` start (`workerStartMs`,
 * `runStartMs` in `npm run bench`; interleaved runs on the 2-core development machine),
 * while a run validates one mechanic's. zod's own
 * `z.lazy` defers the construction: it is a schema like any other to parse, nest, infer a
 * type from or turn into JSON Schema, whose inner schema is built on its first use.
 */
import { z } from 'zod';

export function lazySchema<T extends z.ZodType>(build: () => T): z.ZodLazy<T> {
  return z.lazy(build);
}
