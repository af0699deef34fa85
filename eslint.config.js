// Lint rules for the whole tree (src, test, bench and the root configs), type-aware through
// typescript-eslint's project service. Formatting is Prettier's job: eslint-config-prettier switches
// off every stylistic rule that would fight it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

/**
 * The layers of docs/architecture.md, lowest first: what each folder of src/ may not import. Dependencies
 * point down: nothing imports bot/ or api/ from below, trading/ reaches the API only through client/
 * (whose types come from the API's schemas) and the node only through tron/, and only the entry
 * points (main.ts, cli.ts, boot.ts, cli/, devnet/main.ts) read the configuration. A rule broken here
 * fails `npm test` (test/lint/layers.test.ts tries one).
 */
const ABOVE = {
  tron: ['db', 'devnet', 'indexer', 'service', 'api', 'client', 'trading', 'bot', 'charts', 'cli', 'contracts', 'web'],
  contracts: ['db', 'devnet', 'indexer', 'service', 'api', 'client', 'trading', 'bot', 'charts', 'cli', 'web'],
  db: ['devnet', 'indexer', 'service', 'api', 'client', 'trading', 'bot', 'charts', 'cli', 'web'],
  devnet: ['indexer', 'service', 'api', 'client', 'trading', 'bot', 'charts', 'cli', 'web'],
  indexer: ['devnet', 'service', 'api', 'client', 'trading', 'bot', 'charts', 'cli', 'web'],
  service: ['devnet', 'indexer', 'api', 'client', 'trading', 'bot', 'charts', 'cli', 'web'],
  api: ['devnet', 'client', 'trading', 'bot', 'charts', 'cli', 'web'],
  client: ['db', 'devnet', 'indexer', 'service', 'trading', 'bot', 'charts', 'cli', 'web'],
  charts: ['db', 'devnet', 'indexer', 'service', 'api', 'trading', 'bot', 'cli', 'web'],
  trading: ['devnet', 'indexer', 'service', 'api', 'bot', 'charts', 'cli', 'web'],
  bot: ['devnet', 'indexer', 'service', 'api', 'cli', 'web'],
  // the Mini App's server: a second front end beside the bot, in the bot's process (its notifier, its texts)
  web: ['devnet', 'indexer', 'service', 'api', 'cli'],
};
const entryPoints = ['main', 'cli', 'boot', 'facade'];
const layerRules = Object.entries(ABOVE).map(([folder, above]) => ({
  files: [`src/${folder}/**/*.ts`],
  ignores: folder === 'devnet' ? ['src/devnet/main.ts'] : [],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^(\\.\\./)+(${above.join('|')})/`,
            message: `${folder}/ is below these in docs/architecture.md's layers: it may not import them.`,
          },
          ...(folder === 'client'
            ? [{ regex: '^(\\.\\./)+api/(?!schemas/)', message: "client/ takes only the API's schemas (types)." }]
            : []),
          {
            regex: `^(\\.\\./)+(${entryPoints.join('|')})\\.js$`,
            message: 'Only the entry points start things; a part takes what it needs as arguments.',
          },
          {
            regex: '^(\\.\\./)+config\\.js$',
            allowTypeImports: true,
            message: 'The configuration is read by the entry points; a part takes what it needs as arguments.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'coverage/', 'drizzle/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Money moves from async callbacks: a promise nobody awaits or handles is a failure nobody sees.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Fastify's plugins and handlers are async by contract (a plugin without `done` must return a
      // promise; a handler's return value is the reply), so an async function without `await` is the
      // idiom there. A promise left unhandled, which is what matters, is caught by the two rules above.
      '@typescript-eslint/require-await': 'off',
      'no-unreachable': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true, requireDefaultForNonUnion: false },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'inline-type-imports' },
      ],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'prefer-const': 'error',
    },
  },
  {
    // vitest's asymmetric matchers (expect.any, expect.stringMatching, ...) are typed `any` so that they
    // fit anywhere in an expected object; placing one there is an "unsafe assignment" by this rule.
    // The other no-unsafe rules stay on in tests, so no `any` can be called, read or passed on.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  ...layerRules,
  {
    // The Mini App's page (web/, docs/app.md): browser code in TSX, type-checked with its own tsconfigs
    // (web/tsconfig.json for the page, web/tsconfig.node.json for its Vite build). It talks to the
    // server over HTTP only: from src/ it takes nothing but the types of src/web/contract.ts.
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    languageOptions: {
      parserOptions: {
        project: ['./web/tsconfig.json', './web/tsconfig.node.json'],
        tsconfigRootDir: import.meta.dirname,
      },
      globals: Object.fromEntries(
        ['window', 'document', 'navigator', 'location', 'fetch', 'EventSource', 'URL', 'URLSearchParams', 'Intl'].map(
          (g) => [g, 'readonly'],
        ),
      ),
    },
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+src/(?!web/contract(\\.js)?$)',
              message: "The page reaches the server over HTTP: from src/ it imports only src/web/contract.ts's types.",
            },
            {
              regex: '^(\\.\\./)+src/web/contract(\\.js)?$',
              allowTypeImports: true,
              message: 'Import the contract with `import type`: the page bundles no server code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  prettier,
);
