import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app. Any non-API path that is not a file gets index.html, so a
 * reload on a deep link such as /carbon-projects opens that screen.
 */
export const spaPlugin = fp<{ distDir: string }>(async (app, { distDir }) => {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app is not built; run `npm run build` to serve it');
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      // Vite fingerprints everything under assets/, so those files never change.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.decorate('serveSpa', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
});
