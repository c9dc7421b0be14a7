import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * At least two test files at once: most API tests wait on a database or a socket, so two workers on a
 * two-core machine took the suite from about 13 minutes to 5.5 (measured; vitest's default is cores − 1).
 * VITEST_WORKERS overrides it.
 */
const workers = Number(process.env.VITEST_WORKERS) || Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/api/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    maxWorkers: workers,
    // Every test file lets go of the cart store when it ends (tests/fixtures/stores.ts says why).
    setupFiles: ['tests/setup/stores.ts'],
    // One migrated database of each kind, copied for each API test's own (tests/setup/pglite-dump.ts).
    globalSetup: ['tests/setup/pglite-dump.ts'],
  },
});
