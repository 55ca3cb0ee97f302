/**
 * `npm start` to a healthy server on a built tree (the scale-out issue's budget: 8 s). Two
 * starts as a user makes them: on a fresh DATA_DIR (migrations, demo seed and demo holdings
 * run), then again on the same DATA_DIR (everything is already there). The baseline, measured
 * in the same run, is a bare Fastify listening under plain `node`: the ratio compares machines.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, sleep } from './processes';

export const START_BUDGET_MS = 8000;
const START_LIMIT_MS = 180_000;
const repoRoot = path.resolve(import.meta.dirname, '..');

interface Started {
  child: ChildProcess;
  readyMs: number;
  output: () => string;
}

/** Spawns `command` and polls `url` until it answers 200; the time is from the spawn. */
async function startUntilHealthy(command: string, args: string[], url: string, env: Record<string, string>): Promise<Started> {
  let output = '';
  const startedAt = performance.now();
  // Its own process group, so that a run that goes wrong can be cleaned up whole.
  const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} exited during start:\n${output}`);
    const healthy = await fetch(url).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) return { child, readyMs: performance.now() - startedAt, output: () => output };
    if (performance.now() - startedAt > START_LIMIT_MS) {
      process.kill(-child.pid!, 'SIGKILL');
      throw new Error(`not healthy after ${START_LIMIT_MS / 1000} s:\n${output}`);
    }
    await sleep(25);
  }
}

/** SIGTERM to the process started (npm forwards it to the server, which shuts down cleanly), then waits for it to go. */
async function stop(started: Started): Promise<void> {
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  started.child.kill('SIGTERM');
  const inTime = await Promise.race([exited.then(() => true), sleep(30_000).then(() => false)]);
  if (!inTime) {
    process.kill(-started.child.pid!, 'SIGKILL');
    throw new Error(`still running 30 s after SIGTERM:\n${started.output()}`);
  }
}

async function bareFastifyMs(): Promise<number> {
  const port = await freePort();
  const script = `import('fastify').then(async ({ default: Fastify }) => { const app = Fastify(); app.get('/api/v1/health', async () => ({ ok: true })); await app.listen({ port: ${port}, host: '127.0.0.1' }); })`;
  const started = await startUntilHealthy(process.execPath, ['-e', script], `http://127.0.0.1:${port}/api/v1/health`, {});
  await stop(started);
  return started.readyMs;
}

async function npmStartMs(dataDir: string): Promise<{ ms: number; output: string }> {
  const port = await freePort();
  const env = { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
  const started = await startUntilHealthy('npm', ['start'], `http://127.0.0.1:${port}/api/v1/health`, env);
  await stop(started);
  return { ms: started.readyMs, output: started.output() };
}

export async function run() {
  // A built tree: what `npm start` would build is built first, outside the measurement.
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], { cwd: repoRoot, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbonledger-start-bench-'));
  try {
    const baseline = await bareFastifyMs();
    const fresh = await npmStartMs(dataDir);
    const again = await npmStartMs(dataDir);
    // Someone editing the tree during the run makes a start rebuild: the figure then includes a build.
    const rebuilt = (result: { output: string }) => {
      const parts = [...result.output.matchAll(/^build: (.+?) (?:changed since its last build|not built yet), building$/gm)].map((match) => match[1]);
      return parts.length > 0 ? ` (it REBUILT the ${parts.join(' and ')}: the sources changed during the run)` : '';
    };
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log('\n`npm start` until GET /api/v1/health answers 200, on a built tree (embedded mode, demo data)');
    console.log(`  ${'baseline: bare Fastify listening (node -e)'.padEnd(52)} ${seconds(baseline).padStart(8)}`);
    console.log(
      `  ${'npm start, fresh DATA_DIR (migrate, seed, holdings)'.padEnd(52)} ${seconds(fresh.ms).padStart(8)}   ratio ${(fresh.ms / baseline).toFixed(1)}${rebuilt(fresh)}`,
    );
    console.log(
      `  ${'npm start again, same DATA_DIR'.padEnd(52)} ${seconds(again.ms).padStart(8)}   ratio ${(again.ms / baseline).toFixed(1)}${rebuilt(again)}`,
    );
    console.log(
      `  budget ${seconds(START_BUDGET_MS)}: fresh ${(fresh.ms / START_BUDGET_MS).toFixed(2)} (${fresh.ms <= START_BUDGET_MS ? 'within' : 'OVER'}), again ${(again.ms / START_BUDGET_MS).toFixed(2)} (${again.ms <= START_BUDGET_MS ? 'within' : 'OVER'}) of the budget`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
