import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * MUI's createTheme and ThemeProvider each import the CSS-variables variant (createThemeWithVars,
 * CssVarsProvider) and pick it at run time, so every page, /login among them, shipped it (about
 * 9 KB gzipped, bench/web-bundle.bench.ts). The app never asks for it: lib/theme.ts passes a
 * palette and no `cssVariables`, which MUI serves with createThemeNoVars and ThemeProviderNoVars.
 * The production build leaves those two imports out; were one ever reached, it throws and names
 * this plugin. `extendTheme` and `CssVarsProvider` imported by name still get the real modules.
 */
function withoutMuiCssVariables(): Plugin {
  const cut: Record<string, [importer: string, replacement: string]> = {
    './createThemeWithVars.mjs': ['/@mui/material/styles/createTheme.mjs', 'default'],
    './ThemeProviderWithVars.mjs': ['/@mui/material/styles/ThemeProvider.mjs', 'CssVarsProvider'],
  };
  const stubPrefix = '\0mui-without-css-variables:';
  return {
    name: 'mui-without-css-variables',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const rule = cut[source];
      if (!rule || !importer?.replaceAll('\\', '/').endsWith(rule[0])) return null;
      return `${stubPrefix}${rule[1]}`;
    },
    load(id) {
      if (!id.startsWith(stubPrefix)) return null;
      const name = id.slice(stubPrefix.length);
      const body = `function unavailable() { throw new Error('MUI CSS-variables theming is left out of this build (vite.config.ts, withoutMuiCssVariables)'); }`;
      return name === 'default' ? `${body}\nexport default unavailable;` : `${body}\nexport const ${name} = unavailable;`;
    },
  };
}

export default defineConfig({
  plugins: [react(), withoutMuiCssVariables()],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/rpc': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 1024,
    rollupOptions: {
      output: {
        // Libraries every screen needs get stable chunks of their own, cached across deployments.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/zod/')) return 'zod';
          if (id.includes('node_modules/react-router/')) return 'router';
          if (/node_modules\/(i18next|react-i18next|i18next-browser-languagedetector)\//.test(id)) return 'i18n';
          if (id.includes('node_modules/@tanstack/')) return 'query';
          if (/node_modules\/(@emotion|stylis)\//.test(id)) return 'emotion';
          return undefined;
        },
      },
    },
  },
});
