import { defineProject } from 'vitest/config';

// The root config lists this folder as a project; the name is what `vitest run --project server` selects.
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The first test of a worker opens its database (a fresh PGlite takes a few seconds).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
