import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app. Any non-API path that is not a file gets index.html, so a
 * reload on a deep link such as /carbon-projects opens that screen.
 *
 * The few files at the top of the build (index.html, sw.js, …) get a route each; the
 * fingerprinted chunks under assets/ (hundreds, with their source maps) are served by one
 * wildcard route, so that the start does not list and route every chunk of the build.
 */
export const spaPlugin = fp<{ distDir: string }>(async (app, { distDir }) => {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app is not built; run `npm run build` to serve it');
    return;
  }
  await app.register(fastifyStatic, { root: distDir, wildcard: false, globIgnore: ['assets/**'], index: false });
  // Vite fingerprints everything under assets/, so those files never change. A name that is not
  // there falls through to the not-found handler (errors.ts), as any other unknown path does.
  await app.register(fastifyStatic, {
    root: path.join(distDir, 'assets'),
    prefix: '/assets/',
    wildcard: true,
    index: false,
    decorateReply: false,
    setHeaders(reply) {
      reply.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.decorate('serveSpa', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false }));
});
