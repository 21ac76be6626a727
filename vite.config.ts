import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The SPA lives in src/web and builds to dist/web, which the Fastify server serves.
 * `npx vite` (port 5173) proxies /api to the server on :5000 so cookies stay same-origin.
 */
export default defineConfig({
  root: path.resolve(here, 'src/web'),
  publicDir: false,
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': path.resolve(here, 'src/web') },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:5000', changeOrigin: false },
    },
  },
  build: {
    outDir: path.resolve(here, 'dist/web'),
    emptyOutDir: true,
    sourcemap: false,
    // First-load JS budget: 250 KB gzip (DESIGN.md section 7); routes are split with React.lazy.
    chunkSizeWarningLimit: 600,
  },
});
