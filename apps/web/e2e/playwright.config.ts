import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests: the built web app against the real server, in Debian's Chromium.
 * Two servers: one in demo mode (fake Telegram, seeded demo vendor) and one in production mode (a platform
 * bot token set, so no demo init data), each with a fresh PGlite data dir.
 */
export const DEMO_PORT = Number(process.env.E2E_PORT ?? 4310);
export const PROD_PORT = DEMO_PORT + 1;
const serverDir = join(import.meta.dirname, '../../server');

function server(port: number, env: Record<string, string>) {
  const dataDir = join(tmpdir(), `botshop-e2e-${port}`);
  return {
    // The server as `npm start` runs it: its bundle, built with the web app by `npm run test:e2e`.
    command: `rm -rf ${dataDir} && node --enable-source-maps --max-semi-space-size=4 dist/main.js`,
    cwd: serverDir,
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
  };
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // A test's own steps wait on conditions (expect's 10 s each); the whole test gets 60 s, since on CI's 2 cores
  // with two workers, Chromium and both servers, the longer product and payment flows took 20–30 s this round.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // Every spec shares one seeded demo vendor and its shops; two specs driving the same shop at once made a test
  // fail about one run in two this round (shop.spec's Stars purchase, merchant-findings' checkout), each passing
  // alone. Until the specs own their shops (store-settings.spec does), CI retries a failed test once: Playwright
  // reports it as flaky, so it stays visible.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${DEMO_PORT}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    hasTouch: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Chromium runs as root here and the machine has no network beyond loopback.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    server(DEMO_PORT, {}),
    server(PROD_PORT, {
      TELEGRAM_BOT_TOKEN: '5768337691:AAH5YkoiEuPk8-FZa32hStHTqXiLPtAEhx8',
      TELEGRAM_API_ROOT: 'http://127.0.0.1:9',
      APP_SECRET: 'e2e-production-mode-secret-0123456789abcdef',
    }),
  ],
});
