import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { REALTIME, SERVER_EVENTS } from '@carbonledger/contracts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Started {
  child: ChildProcess;
  baseUrl: string;
  dataDir: string;
  output: () => string;
  exited: Promise<{ code: number | null; at: number }>;
}

const children: ChildProcess[] = [];
const dirs: string[] = [];
const sockets: Socket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The real server as `npm start` runs it, on a temporary DATA_DIR and a free port. */
async function startServer(env: Record<string, string> = {}): Promise<Started> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbonledger-server-'));
  dirs.push(dataDir);
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO_HOLDINGS: 'false',
      LOG_LEVEL: 'info',
      WEB_DIST_DIR: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start:\n${output}`);
    const up = await fetch(`${baseUrl}/api/v1/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`the server did not come up:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { child, baseUrl, dataDir, output: () => output, exited };
}

async function connectedGuest(baseUrl: string): Promise<Socket> {
  const socket = connect(`${baseUrl}${REALTIME.guestNamespace}`, { path: REALTIME.path, transports: ['websocket'], forceNew: true });
  sockets.push(socket);
  await new Promise((resolve) => socket.once(SERVER_EVENTS.connectionConfirmed, resolve));
  return socket;
}

describe('server shutdown', () => {
  it('exits 0 on SIGTERM within the bound while a socket.io client is connected, and saves the chain', { timeout: 120_000 }, async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_SECONDS: '10', CHAIN_SNAPSHOT_INTERVAL_SECONDS: '3600' });
    const socket = await connectedGuest(server.baseUrl);
    // chain.bin.json is the snapshot's commit point (docs/chain.md), whatever the snapshot file itself is named.
    const snapshot = path.join(server.dataDir, 'chain.bin.json');
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await Promise.race([
      server.exited,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still running 15 s after SIGTERM:\n${server.output()}`)), 15_000)),
    ]);
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(10_000);
    // The snapshot interval is an hour, so the file can only come from the shutdown.
    expect(fs.statSync(snapshot).mtimeMs).toBeGreaterThanOrEqual(signalledAt - 1000);
    expect(socket.connected).toBe(false);
    expect(server.output()).toContain('shut down cleanly');
  });

  it('past SHUTDOWN_TIMEOUT_SECONDS it still saves the chain, then exits non-zero', { timeout: 120_000 }, async () => {
    const server = await startServer({ SHUTDOWN_TIMEOUT_SECONDS: '1', CHAIN_SNAPSHOT_INTERVAL_SECONDS: '3600' });
    // A request that never completes keeps the HTTP server from closing: the server's
    // keep-alive handling cannot end a connection whose request is still being sent.
    const hanging = net.connect(Number(new URL(server.baseUrl).port), '127.0.0.1');
    await new Promise((resolve) => hanging.once('connect', resolve));
    hanging.write('POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{');
    hanging.on('error', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await Promise.race([
      server.exited,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still running 10 s after SIGTERM:\n${server.output()}`)), 10_000)),
    ]);
    hanging.destroy();
    expect(code).toBe(1);
    expect(at - signalledAt).toBeGreaterThanOrEqual(1000);
    expect(fs.statSync(path.join(server.dataDir, 'chain.bin.json')).mtimeMs).toBeGreaterThanOrEqual(signalledAt - 1000);
    expect(server.output()).toContain('SHUTDOWN_TIMEOUT_SECONDS=1');
  });
});
