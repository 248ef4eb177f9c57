/**
 * A command never writes its output into a file it reads: `poolsim merge part-0.json
 * part-1.json --json >> part-1.json` appended the result to the part (exit 0, the part no
 * longer JSON), and `run s.json --json >> s.json` to the scenario (a files audit). Each is
 * refused as bad input before anything runs, naming the file, and the file is left as it was.
 */
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { Capture, compiledWorkerFile, heistParts, poolsim, tempFolders } from './helpers.ts';
import { main } from '../cli/main.ts';

const tempFolder = tempFolders();
const dir = tempFolder('poolsim-output-input-');
const scenario = join(dir, 'heist.json');
const parts = [join(dir, 'part-0.json'), join(dir, 'part-1.json')];

beforeAll(async () => {
  await heistParts(dir, 70_000);
}, 60_000);

/** `poolsim ARGV… >> file` (or `> file`: `truncate` first, as the shell does): its exit code and stderr. */
async function appendingTo(file: string, argv: string[], truncate = false): Promise<{ code: number; err: string }> {
  const fd = openSync(file, truncate ? 'w' : 'a');
  try {
    const err = new Capture();
    const stdout = { fd, write: () => true } as unknown as NodeJS.WritableStream;
    const code = await main(argv, stdout, err as never, { workerFile: compiledWorkerFile() });
    return { code, err: err.text };
  } finally {
    closeSync(fd);
  }
}

describe('stdout onto a file the command reads is refused, the file kept', () => {
  test('merge >> one of its parts', async () => {
    const before = readFileSync(parts[1], 'utf8');
    const r = await appendingTo(parts[1], ['merge', ...parts, '--json']);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain(`${parts[1]}: is the file this command's standard output goes to (sent there by`);
    expect(readFileSync(parts[1], 'utf8')).toBe(before);
  });

  test('merge > one of its parts: said as that, not as a part that is not JSON', async () => {
    const copy = join(dir, 'part-1-copy.json');
    writeFileSync(copy, readFileSync(parts[1]));
    const r = await appendingTo(copy, ['merge', parts[0], copy, '--json'], true);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain(`${copy}: is the file this command's standard output goes to (sent there by \`>\` or \`>>\`, by this name or another); it is empty now, as a \`>\` onto it leaves it before poolsim starts`);
  });

  test('a shard\'s run, which prints nothing on stdout, is not refused for it (a review: `run s.json --shard 0/2 --out part >> s.json` was)', async () => {
    const before = readFileSync(scenario, 'utf8');
    const part = join(tempFolder('poolsim-output-input-part-'), 'p.json');
    const r = await appendingTo(scenario, ['run', scenario, '--shard', '0/2', '--out', part, '--workers', '1']);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(scenario, 'utf8')).toBe(before);
    expect(JSON.parse(readFileSync(part, 'utf8')).shard).toEqual({ index: 0, count: 2 });
  });

  test('run >> the scenario, named or in a folder named', async () => {
    const before = readFileSync(scenario, 'utf8');
    for (const input of [scenario, dir]) {
      const r = await appendingTo(scenario, ['run', input, '--json', '--workers', '1']);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toContain(`${scenario}: (top level): is the file this command's standard output goes to`);
      expect(readFileSync(scenario, 'utf8')).toBe(before);
    }
  });

  test('diff >> one of its sides, a file or a report folder\'s results.json', async () => {
    const base = join(dir, 'base.json');
    const r0 = await poolsim('run', scenario, '--json', '--workers', '1');
    writeFileSync(base, r0.out);
    const report = join(dir, 'rep', 'heist');
    mkdirSync(report, { recursive: true });
    writeFileSync(join(report, 'results.json'), r0.out);
    for (const [file, side] of [[base, base], [join(report, 'results.json'), join(dir, 'rep')]] as const) {
      const r = await appendingTo(file, ['diff', side, side]);
      expect(r.code, r.err).toBe(2);
      expect(r.err).toContain(`${file}: (top level): is the file this command's standard output goes to`);
      expect(readFileSync(file, 'utf8')).toBe(r0.out);
    }
  });

  test('diff >> the results.json of one scenario\'s report folder named as a side (a review)', async () => {
    const r0 = await poolsim('run', scenario, '--json', '--workers', '1');
    const one = join(dir, 'one-rep', 'heist');
    mkdirSync(one, { recursive: true });
    const file = join(one, 'results.json');
    writeFileSync(file, r0.out);
    const r = await appendingTo(file, ['diff', one, one]);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain(`${file}: (top level): is the file this command's standard output goes to`);
    expect(readFileSync(file, 'utf8')).toBe(r0.out);
  });

  test('diff >> a file in a hidden folder of a report folder, which diff does not read, is written (a review)', async () => {
    const r0 = await poolsim('run', scenario, '--json', '--workers', '1');
    const rep = join(dir, 'hidden-rep');
    mkdirSync(join(rep, 'heist'), { recursive: true });
    mkdirSync(join(rep, '.old'), { recursive: true });
    writeFileSync(join(rep, 'heist', 'results.json'), r0.out);
    const log = join(rep, '.old', 'results.json');
    writeFileSync(log, '');
    const r = await appendingTo(log, ['diff', rep, rep]);
    expect(r.code, r.err).toBe(0);
    expect(readFileSync(log, 'utf8')).toContain('nothing moved');
  });

  test('report >> a scenario it runs, or >> its --baseline\'s results.json, is refused, the file kept (a review)', async () => {
    const before = readFileSync(scenario, 'utf8');
    const base = join(dir, 'report-base');
    const made = await poolsim('report', scenario, '--out', base, '--workers', '1');
    expect(made.code, made.err).toBe(0);
    const r = await appendingTo(scenario, ['report', scenario, '--out', join(dir, 'report-a'), '--workers', '1']);
    expect(r.code, r.err).toBe(2);
    expect(r.err).toContain(`${scenario}: (top level): is the file this command's standard output goes to`);
    expect(readFileSync(scenario, 'utf8')).toBe(before);
    const baseFile = join(base, 'heist', 'results.json');
    const baseBefore = readFileSync(baseFile, 'utf8');
    const b = await appendingTo(baseFile, ['report', scenario, '--out', join(dir, 'report-b'), '--baseline', base, '--workers', '1']);
    expect(b.code, b.err).toBe(2);
    expect(b.err).toContain(`${baseFile}: (top level): is the file this command's standard output goes to`);
    expect(readFileSync(baseFile, 'utf8')).toBe(baseBefore);
  });

  test('an output file that is no input is written as before', async () => {
    const result = join(dir, 'result.json');
    const r = await appendingTo(result, ['merge', ...parts, '--json']);
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(readFileSync(result, 'utf8')).name).toBe('heist');
  });
});
