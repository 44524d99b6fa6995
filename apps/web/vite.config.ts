import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In dev the API runs beside Vite; in production the API server serves dist/ itself (same origin).
const api = process.env.UKT_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
