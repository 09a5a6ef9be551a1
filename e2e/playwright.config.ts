import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;

/** Drives the built apps, served by the API on a fresh embedded database, in Debian's Chromium. */
export default defineConfig({
  testDir: './tests',
  // A test's whole budget: several walk many pages in about a minute on two cores, so one minute left no margin.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two workers everywhere: the machine running them (CI or a shared one) has two cores.
  workers: 2,
  // One retry in CI, where the tests share 2 cores with the server and PostgreSQL; a retried test is
  // listed as flaky in the report, so it is seen, not hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    // Recorded when a failed test runs again (CI's retry): tracing every run slowed each keypress and page.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node start-server.mjs',
    url: `${BASE_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM lets the API stop its embedded PostgreSQL (its own process group, which a kill of
    // this group would leave running); SIGKILL only if that takes longer than 15 s.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    env: { PORT: String(PORT) },
  },
});
