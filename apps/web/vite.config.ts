/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const contractEntry = fileURLToPath(
  new URL('../../packages/contract/src/index.ts', import.meta.url),
);
const apiTarget = process.env.FILMROOM_API_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@filmroom/contract': contractEntry } },
  // react-secure-storage reads its settings from `process.env`, which a browser bundle lacks.
  // Screen and canvas fingerprints are left out of its key so that moving the window to another
  // monitor (or a headless browser without canvas) does not make the stored session unreadable.
  define: {
    'process.env.SECURE_LOCAL_STORAGE_PREFIX': JSON.stringify('filmroom'),
    'process.env.SECURE_LOCAL_STORAGE_DISABLED_KEYS': JSON.stringify('ScreenPrint|Canvas'),
    'process.env': JSON.stringify({}),
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/config.json': apiTarget,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Libraries change less often than the app: separate files stay cached across releases.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/primereact/')) return 'primereact';
          return 'vendor';
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    env: {
      SECURE_LOCAL_STORAGE_PREFIX: 'filmroom',
      // jsdom has no canvas; the library would crash computing a canvas fingerprint.
      SECURE_LOCAL_STORAGE_DISABLED_KEYS: 'ScreenPrint|Canvas',
    },
    // Inlined so a test can load a fresh copy that reads storage prepared beforehand.
    server: { deps: { inline: ['react-secure-storage'] } },
    testTimeout: 15000,
  },
});
