/**
 * What a worker's bundle has in place of zod: the Node pool's (scripts/build.mjs, plugin
 * `zodNotInWorker`) and the dashboard's (vite.config.ts `worker.plugins`).
 *
 * A worker never validates: its message brings the point's setup and rules as the
 * scheduling thread validated them (workers/chunk.ts), and it only prepares and runs.
 * zod was half of the Node worker's bundle and most of a thread's load. The mechanics
 * still declare their schemas, each through sim/lazySchema.ts, which builds nothing until
 * the schema is used; here `z.lazy` gives a schema that throws if anything in a worker
 * ever uses it, and any other use of zod fails the worker's load, loudly
 * (tests/parallel.test.ts runs every mechanic and every shipped scenario through the
 * built Node worker; the dashboard's browser tests run its workers).
 */
function refuse(): never {
  throw new Error('a worker has no zod: it prepares from validated inputs and never validates (workers/no-zod.ts)');
}

export const z = {
  lazy: (): unknown => new Proxy({}, { get: refuse }),
};
