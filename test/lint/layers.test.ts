// The layer rules of eslint.config.js hold: an import against docs/architecture.md's order is an
// error that fails `npm test` (the lint step), and the imports the layers allow are not.
import { ESLint } from 'eslint';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
// the project's configuration, its layer rule alone, without type information (the rule reads only
// the import paths; a TypeScript program per test file would be slow, and the typescript package's
// state is shared with other test files run in the same worker)
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: [{ languageOptions: { parserOptions: { project: false, projectService: false } } }],
  ruleFilter: ({ ruleId }) => ruleId === '@typescript-eslint/no-restricted-imports',
});

/** The rule's messages for a real file of the tree with one more import line. */
async function importing(file: string, line: string): Promise<string[]> {
  const text = `${line}\n${fs.readFileSync(path.join(ROOT, file), 'utf8')}`;
  const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, file) });
  return result!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message);
}

describe('the layers', () => {
  it('refuse an import of bot/ from trading/, and of what is above each part', async () => {
    expect(await importing('src/trading/price.ts', "import '../bot/store.js';")).toEqual([
      expect.stringContaining('trading/ is below these'),
    ]);
    expect(await importing('src/trading/orders/spec.ts', "import '../../api/app.js';")).toHaveLength(1);
    expect(await importing('src/tron/units.ts', "import '../trading/price.js';")).toHaveLength(1);
    expect(await importing('src/db/open.ts', "import '../service/errors.js';")).toHaveLength(1);
    expect(await importing('src/service/errors.ts', "import '../api/errors.js';")).toHaveLength(1);
    expect(await importing('src/client/index.ts', "import '../api/app.js';")).toHaveLength(1);
    expect(await importing('src/trading/price.ts', "import { loadConfig } from '../config.js';")).toHaveLength(1);
    expect(await importing('src/bot/helpers.ts', "import '../main.js';")).toHaveLength(1);
  }, 60_000);

  it('let each part import what is below it', async () => {
    expect(await importing('src/bot/helpers.ts', "import '../trading/price.js';")).toEqual([]);
    expect(await importing('src/trading/price.ts', "import '../client/index.js';")).toEqual([]);
    expect(await importing('src/client/index.ts', "import '../api/schemas/common.js';")).toEqual([]);
    expect(await importing('src/trading/price.ts', "import type { Config } from '../config.js';")).toEqual([]);
  }, 60_000);
});
