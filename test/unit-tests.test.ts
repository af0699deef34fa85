// The unit tests (UNIT_TESTS in vitest.config.ts, run by `npm run test:unit`) start no devnet: none of
// them reaches, through its imports, the module that starts one (src/devnet/index.ts's startDevnet,
// which the stack helpers and main.ts all go through), and none of them, nor a test helper they load,
// runs a process (node:child_process: npm start, the CLI, the devnet alone). Type-only imports load
// nothing and are not followed.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { UNIT_TESTS } from '../vitest.config.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What starts a devnet. */
const STARTS_A_DEVNET = 'src/devnet/index.ts';
/** Tests that run a process that starts no devnet, and why. */
const RUNS_ONLY = { 'test/config.test.ts': 'main.ts, to see it refuse a bad configuration before it starts anything' };
/** What would outlive a test file in the unit tests' shared workers (vitest.unit.config.ts: isolate false). */
const LEAVES_GLOBALS = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/;
/** How a test runs a process (npm start, the CLI). */
const SPAWNS = /\bfrom\s+['"](node:)?child_process['"]/;

/** The test files an entry of UNIT_TESTS stands for (a folder: every test under it). */
function testsOf(entry: string): string[] {
  if (!entry.endsWith('/')) return fs.existsSync(path.join(ROOT, entry)) ? [entry] : [];
  return fs
    .readdirSync(path.join(ROOT, entry), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => entry + f.split(path.sep).join('/'));
}

const IMPORTS = [
  // import … from '…' and export … from '…' (one statement: no ; or quote before its from)
  /^\s*(?:import|export)\s+(type\s+)?[^;'"]*?\bfrom\s+['"]([^'"]+)['"]/gm,
  // import '…' (for its effects)
  /^\s*import\s+()['"]([^'"]+)['"]/gm,
  // import('…')
  /\bimport\(\s*()['"]([^'"]+)['"]\s*\)/g,
];

/** The repository's files a file loads: its relative imports that are not type-only, as paths from the root. */
function loads(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const out: string[] = [];
  for (const re of IMPORTS)
    for (const m of text.matchAll(re)) {
      const [, typeOnly, spec] = m;
      if (typeOnly || !spec!.startsWith('.')) continue;
      const base = path.posix.join(path.posix.dirname(file), spec!);
      const found = [base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}/index.ts`, base].find(
        (f) => /\.ts$/.test(f) && fs.existsSync(path.join(ROOT, f)),
      );
      if (found) out.push(found);
    }
  return out;
}

/** Every file `file` loads, directly or not, each with the chain of imports that reaches it. */
function reach(file: string): Map<string, string[]> {
  const seen = new Map<string, string[]>([[file, [file]]]);
  const todo = [file];
  while (todo.length) {
    const f = todo.pop()!;
    for (const g of loads(f))
      if (!seen.has(g)) {
        seen.set(g, [...seen.get(f)!, g]);
        todo.push(g);
      }
  }
  return seen;
}

describe('the unit tests', () => {
  it('each entry names tests that are there', () => {
    for (const entry of UNIT_TESTS) expect(testsOf(entry), entry).not.toEqual([]);
  });

  it('start no devnet and run no process', () => {
    for (const test of UNIT_TESTS.flatMap(testsOf)) {
      const reached = reach(test);
      expect(reached.get(STARTS_A_DEVNET)?.join(' -> '), `${test} starts a devnet`).toBeUndefined();
      for (const f of [...reached.keys()].filter((x) => x.startsWith('test/') && !(x in RUNS_ONLY)))
        expect(SPAWNS.exec(fs.readFileSync(path.join(ROOT, f), 'utf8'))?.[0], `${f} runs a process`).toBe(undefined);
    }
  });

  it('leave nothing global behind for the next file in their worker', () => {
    for (const test of UNIT_TESTS.flatMap(testsOf))
      expect(LEAVES_GLOBALS.exec(fs.readFileSync(path.join(ROOT, test), 'utf8'))?.[0], test).toBeUndefined();
  });

  it('tell an end-to-end test by its imports (the check finds what it looks for)', () => {
    expect(reach('test/api/flow.test.ts').get(STARTS_A_DEVNET)).toBeDefined();
    const spawns = [...reach('test/bot/webhook.test.ts').keys()].filter((f) =>
      SPAWNS.test(fs.readFileSync(path.join(ROOT, f), 'utf8')),
    );
    expect(spawns).toContain('test/helpers/system.ts');
  });
});
