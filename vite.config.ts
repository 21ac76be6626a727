import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The SPA lives in src/web and builds to dist/web, which the Fastify server serves.
 * `npx vite` (port 5173) proxies /api to the server on :5000 so cookies stay same-origin.
 */
export default defineConfig({
  root: path.resolve(here, 'src/web'),
  publicDir: false,
  plugins: [
    react(),
    tailwindcss(),
    // Counting without signal (DESIGN.md section 14; docs/decisions/0127): a service worker serves
    // the app shell (every built file, the decoder's .wasm included) and answers the signed-in user
    // from its last answer while the network is down; the counts themselves live in IndexedDB.
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,wasm,svg,png,ico,woff2}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // The page that installs the worker is served by it at once (a count opened once can reload offline).
        clientsClaim: true,
        skipWaiting: true,
        runtimeCaching: [
          {
            urlPattern: ({ url, request }) => request.method === 'GET' && url.pathname === '/api/auth/user',
            handler: 'NetworkFirst',
            options: { cacheName: 'signed-in-user', networkTimeoutSeconds: 5, expiration: { maxEntries: 1 } },
          },
        ],
      },
    }),
  ],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Every icon the app draws in one chunk (7 kB gzip) rather than a chunk per icon shared by
          // two pages: the count screen's first load asked for ten of those, each a round trip on
          // a phone's network (docs/decisions/0157). Icons only: their library's core stays put.
          groups: [{ name: 'icons', test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/, includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
