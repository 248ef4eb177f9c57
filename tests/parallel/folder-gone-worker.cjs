// A piscina worker entry that fails while loading as Node's thread start fails where the
// current folder was deleted since ("ENOENT: no such file or directory, uv_cwd"), for
// tests/parallel-errors.test.ts: the run falls back to its own thread.
'use strict';
throw Object.assign(new Error('ENOENT: no such file or directory, uv_cwd'), { code: 'ENOENT', errno: -2, syscall: 'uv_cwd' });
