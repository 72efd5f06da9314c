import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist/client', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: Object.fromEntries(
      ['/manager', '/auth', '/tools', '/ems', '/admin', '/act', '/docs'].map((prefix) => [prefix, 'http://127.0.0.1:8080']),
    ),
  },
});
