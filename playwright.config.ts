import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './e2e/chromium';

const port = Number(process.env.E2E_PORT ?? 3217);

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: CHROMIUM_LAUNCH,
  },
  webServer: {
    command: `node scripts/serve.mjs`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SLUICE_DATA_DIR: mkdtempSync(join(tmpdir(), 'sluice-e2e-')),
      SLUICE_CONFIG: '',
      SLUICE_CASSETTE_DIR: mkdtempSync(join(tmpdir(), 'sluice-e2e-cassettes-')),
    },
  },
});
