import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors';
import { spaPlugin } from './spa';

let app: FastifyInstance;
let distDir: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carbonledger-spa-'));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.mkdirSync(path.join(distDir, '.vite'));
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(distDir, 'sw.js'), 'self.skipWaiting();');
  fs.writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), 'console.log(1);');
  fs.writeFileSync(path.join(distDir, '.inputs-sha256'), 'abc\n');
  fs.writeFileSync(path.join(distDir, '.vite', 'manifest.json'), '{}');
  app = Fastify();
  await app.register(errorsPlugin);
  app.get('/api/v1/health', async () => ({ ok: true }));
  await app.register(spaPlugin, { distDir });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('the built web app', () => {
  it('serves a chunk under assets/ as immutable, and a top-level file', async () => {
    const chunk = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.body).toBe('console.log(1);');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const head = await app.inject({ method: 'HEAD', url: '/assets/index-abc123.js' });
    expect(head.statusCode).toBe(200);
    const worker = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.body).toBe('self.skipWaiting();');
    expect(worker.headers['cache-control']).not.toContain('immutable');
  });

  it('answers a deep link, and a chunk that is not there, with index.html', async () => {
    for (const url of ['/carbon-projects', '/assets/gone-000000.js', '/assets']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<title>app</title>');
      // Revalidated on every visit: a deploy's new index.html (naming its new chunks) is seen at once.
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves no dot file of the build (the build stamp, the manifest) and leaves unknown API paths to the API', async () => {
    for (const url of ['/.inputs-sha256', '/.vite/manifest.json']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('abc');
      expect(response.body, url).not.toBe('{}');
    }
    const api = await app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    expect((await app.inject({ method: 'GET', url: '/api/v1/health' })).json()).toEqual({ ok: true });
  });
});
