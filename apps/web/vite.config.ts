import { defineConfig, defaultClientConditions } from 'vite';
import react from '@vitejs/plugin-react';

const api = { target: 'http://localhost:8080', changeOrigin: false };

export default defineConfig({
  plugins: [react()],
  // Use the domain package's TypeScript source directly; no separate build step for the browser.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2000 },
  server: { proxy: { '/api': api, '/uaa': api } },
});
