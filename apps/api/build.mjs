/**
 * Compiles the API for production: one ESM bundle per entry point in dist/, so `npm start` runs plain Node without tsx.
 * The workspace packages (@carbonledger/*) are TypeScript sources and are bundled in; every other package stays an
 * import resolved from node_modules at run time. The SQL migrations are read beside the bundle (db/database.ts).
 */
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const here = new URL('.', import.meta.url);
const dist = new URL('dist/', here);

const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@carbonledger/') ? undefined : { path: args.path, external: true }));
  },
};

await rm(dist, { recursive: true, force: true });
await build({
  absWorkingDir: here.pathname,
  entryPoints: { server: 'src/server.ts', 'audit-verify': 'src/modules/audit/audit-verify.cli.ts', 'tenant-create': 'src/modules/tenants/tenants.cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
await cp(new URL('src/db/migrations/', here), new URL('migrations/', dist), { recursive: true });
// The embedded market price series is read beside the bundle (modules/market/market.data.ts).
await cp(new URL('src/modules/market/data/', here), new URL('data/', dist), { recursive: true });
