import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
