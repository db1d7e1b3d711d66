import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';

const WEB = './apps/web/src';
/** Every folder under the web app's features/ is one feature. */
const FEATURES = readdirSync(new URL('apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.cache/**',
      'data/**',
      'apps/server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // The web app's layers, as bulletproof-react draws them: app → features → components/lib, a
    // feature never reaches into another, and the web imports no server or vision code.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: './apps/web/tsconfig.json' } },
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `${WEB}/features/${feature}`,
              from: `${WEB}/features`,
              except: [`./${feature}`],
              message: 'A feature does not import another feature; compose them in src/app.',
            })),
            {
              target: [`${WEB}/features`, `${WEB}/components`, `${WEB}/lib`],
              from: `${WEB}/app`,
              message: 'Only src/app composes the app; nothing imports it.',
            },
            {
              target: [`${WEB}/components`, `${WEB}/lib`],
              from: `${WEB}/features`,
              message: 'Shared components and lib hold no feature logic.',
            },
            {
              target: './apps/web',
              from: ['./apps/server', './packages/vision', './packages/vision-lab'],
              message: 'The web app imports only the contract.',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures must destructure their first argument, even when they use nothing from it.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  prettier,
);
