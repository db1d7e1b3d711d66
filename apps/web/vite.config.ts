/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const contractEntry = fileURLToPath(
  new URL('../../packages/contract/src/index.ts', import.meta.url),
);
const apiTarget = process.env.FILMROOM_API_TARGET ?? 'http://localhost:8080';

/**
 * PrimeReact's Lara blue theme paints its primary #3b82f6, which white text (and blue text on white)
 * meets at 3.67:1, under WCAG AA's 4.5:1. Each of its three blues moves one Tailwind step darker
 * (500→600, 600→700, 700→800): the same hue and look, with primary text and buttons at 5.2:1 or more.
 */
const DARKER_PRIMARY: Readonly<Record<string, string>> = {
  '#3b82f6': '#2563eb',
  '#2563eb': '#1d4ed8',
  '#1d4ed8': '#1e40af',
};

/**
 * Its danger red #ef4444 (the Delete dialog's 'Yes', 'Remove file') meets white at 3.76:1: the same
 * one step darker (500→600, 600→700, 700→800) gives 4.83:1.
 */
const DARKER_DANGER: Readonly<Record<string, string>> = {
  '#ef4444': '#dc2626',
  '#dc2626': '#b91c1c',
  '#b91c1c': '#991b1b',
};

function accessiblePrimary(): Plugin {
  return {
    name: 'filmroom-accessible-primary',
    enforce: 'pre',
    transform(code, id) {
      if (!/primereact\/resources\/themes\/lara-light-blue\/theme\.css/.test(id)) return null;
      // Its translucent tints of the primary (hover and focus backgrounds) follow it.
      return code
        .replace(/#(?:3b82f6|2563eb|1d4ed8)\b/gi, (hex) => DARKER_PRIMARY[hex.toLowerCase()]!)
        .replace(/rgba\(59, 130, 246,/g, 'rgba(37, 99, 235,')
        .replace(/#(?:ef4444|dc2626|b91c1c)\b/gi, (hex) => DARKER_DANGER[hex.toLowerCase()]!)
        .replace(/rgba\(239, 68, 68,/g, 'rgba(220, 38, 38,');
    },
  };
}

export default defineConfig({
  plugins: [accessiblePrimary(), react()],
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
          // Loaded with the preview player only.
          if (/node_modules\/(media-chrome|ce-la-react)\//.test(id)) return 'media-chrome';
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
    // The browser build of tus-js-client (XMLHttpRequest, File), as the bundle uses; Node's wants Buffers.
    alias: {
      'tus-js-client': fileURLToPath(
        new URL('../../node_modules/tus-js-client/lib.esm/browser/index.js', import.meta.url),
      ),
    },
    // Generous: the first test of a file also pays for jsdom and module loading, slow on a busy machine.
    testTimeout: 30_000,
  },
});
