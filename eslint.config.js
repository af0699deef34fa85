// Lint rules for the whole tree (src, test, bench and the root configs), type-aware through
// typescript-eslint's project service. Formatting is Prettier's job: eslint-config-prettier switches
// off every stylistic rule that would fight it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

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
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  prettier,
);
