import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/** Debian's Chromium from PATH: the project never downloads a browser of its own. */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  for (const name of ['chromium', 'chromium-browser']) {
    try {
      return execFileSync('which', [name], { encoding: 'utf8' }).trim();
    } catch {
      // try the next name
    }
  }
  throw new Error('Chromium not found on PATH: install it with `apt-get install -y chromium`');
}

// Worker processes re-read this file; the environment carries the choices made once.
process.env.E2E_PORT ??= String(40_000 + Math.floor(Math.random() * 10_000));
process.env.E2E_RUN_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'carbonledger-e2e-'));
const runDir = process.env.E2E_RUN_DIR;
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  // Per run, so two runs on one machine never share traces or screenshots.
  outputDir: path.join(runDir, 'results'),
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        browserName: 'chromium',
        launchOptions: {
          executablePath: chromiumPath(),
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-quic',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node --import tsx apps/api/src/server.ts',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/api/v1/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(runDir, 'data'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Each browser context plays its own client address with X-Forwarded-For (helpers.ts).
      TRUST_PROXY: 'loopback',
      // The webhooks spec runs its receiver on 127.0.0.1 over plain http, which production refuses by default.
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    },
  },
});
