import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// In dev the API runs beside Vite; in production the API server serves dist/ itself (same origin).
const api = process.env.UKT_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The service worker serves the app shell with no signal (DESIGN §7, docs/decisions/071).
    // API answers are not cached here (no runtimeCaching): the app keeps what it needs offline in
    // IndexedDB. e2e/tests/sync/service-worker-cache.spec.ts fails if one lands in a cache.
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
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // e2e/scripts/check-login-budget.ts reads the manifest to sum the login's initial JS.
    manifest: true,
  },
  server: {
    proxy: {
      '/uktNEW': api,
      '/img': api,
    },
  },
});
