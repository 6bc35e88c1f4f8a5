import { defineProject } from 'vitest/config';

// The root config lists this folder as a project; the name is what `vitest run --project server` selects.
export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Migrates one PGlite database for the run; each worker's database starts from its dump.
    globalSetup: ['test/global-setup.ts'],
    // Test files share a worker's modules, and so its database (test/harness.ts): no module reloads, no new
    // database per file. Every test starts from an emptied database; a file that changes process-wide state
    // (fake timers) restores it.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
