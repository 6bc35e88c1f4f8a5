import { defineConfig } from 'vitest/config';

// One runner for the repo: each workspace is a project (`vitest run --project server`).
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});
