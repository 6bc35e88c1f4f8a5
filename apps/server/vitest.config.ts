import { defineProject } from 'vitest/config';

// The root config lists this folder as a project; the name is what `vitest run --project server` selects.
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrates one PGlite database for the run; each test file's database starts from its dump.
    globalSetup: ['test/global-setup.ts'],
    // The first test of a file opens its database (under a second from the template; seconds on PostgreSQL).
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
