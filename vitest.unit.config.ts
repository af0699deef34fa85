// `npm run test:unit`: the main configuration on the unit tests only (UNIT_TESTS in vitest.config.ts).
// They share their workers (isolate: false) instead of a fresh process each: about 20 s instead of a
// minute on two cores. That holds while a unit test leaves nothing global behind (test/unit-tests.test.ts
// refuses vi.mock and stubbed globals in them).
import { defineConfig } from 'vitest/config';
import base, { UNIT_TESTS } from './vitest.config.js';

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: UNIT_TESTS.map((t) => (t.endsWith('/') ? `${t}**/*.test.ts` : t)),
    isolate: false,
  },
});
