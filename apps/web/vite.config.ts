import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { consoleChunks } from './console-chunks';
import { inlineCss } from './inline-css';
import { precompress } from './precompress';

// In dev the API runs beside Vite; in production the API server serves dist/ itself (same origin).
const api = process.env.UKT_API ?? 'http://127.0.0.1:3000';
const consoleOnly = consoleChunks();

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    inlineCss(),
    consoleOnly.plugin,
    // The service worker serves the app shell with no signal (DESIGN §7, docs/decisions/071).
    // API answers are not cached here (the one runtime cache below holds the scanner's wasm): the
    // app keeps what it needs offline in IndexedDB. e2e/tests/sync/service-worker-cache.spec.ts fails if one lands in a cache.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      // A tiny separate registerSW.js instead of workbox-window in the entry chunk (login budget).
      injectRegister: 'script-defer',
      includeAssets: ['logo.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'UKT Penguji',
        short_name: 'UKT Penguji',
        description: 'Penilaian ujian kenaikan tingkat untuk penguji.',
        lang: 'id',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#FFA500',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/uktNEW\//, /^\/img\//, /^\/docs/],
        // The committee console is not precached: examiners' phones never need it (decision 056).
        manifestTransforms: [consoleOnly.leaveOutOfPrecache],
        // The card scanner's WebAssembly (1 MB) is not precached: it is kept the first time
        // 'Pindai kartu' opens with signal, and from then on scanning works offline (decision 077).
        runtimeCaching: [
          {
            urlPattern: /\/assets\/zxing_reader-[\w-]+\.wasm$/,
            handler: 'CacheFirst',
            options: { cacheName: 'ukt-scan-wasm', expiration: { maxEntries: 2 } },
          },
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    // Last: brotli and gzip copies of every text file, the service worker's included.
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // e2e/scripts/check-login-budget.mjs reads the manifest to find the console's chunks.
    manifest: true,
    // One stylesheet for the whole app, inlined into index.html (inline-css.ts): lazy chunks
    // then never ask for CSS of their own.
    cssCodeSplit: false,
  },
  server: {
    proxy: {
      '/uktNEW': api,
      '/img': api,
    },
  },
});
