import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import { readdirSync } from 'node:fs';

const WEB = './apps/web/src';
const SERVER = './apps/server/src';
const VISION = './packages/vision/src';
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
    // The server's layers: http → services → infra, jobs → services, config below them all;
    // main.ts and services/create-services.ts compose them. Nothing imports a layer above it.
    files: ['apps/server/src/**/*.ts'],
    // A unit test wires the real adapters of the module it tests.
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: './apps/server/tsconfig.json' } },
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `${SERVER}/config`,
              from: [`${SERVER}/infra`, `${SERVER}/services`, `${SERVER}/http`, `${SERVER}/jobs`],
              message: 'config reads the environment only; it imports no other layer.',
            },
            {
              target: `${SERVER}/infra`,
              from: [`${SERVER}/services`, `${SERVER}/http`, `${SERVER}/jobs`, `${SERVER}/main.ts`],
              message: 'infra is the bottom layer: it never imports services, http or jobs.',
            },
            {
              target: `${SERVER}/services`,
              from: [`${SERVER}/http`, `${SERVER}/jobs`, `${SERVER}/main.ts`],
              message: 'services never import http or jobs; they are called by them.',
            },
            {
              target: `${SERVER}/services`,
              from: `${SERVER}/infra/queue/job-kinds.ts`,
              message:
                'services ask the tool registry (services/processing/tools) for job kinds, not the queue.',
            },
            {
              target: `${SERVER}/http`,
              from: [`${SERVER}/jobs`, `${SERVER}/main.ts`],
              message: 'http serves requests with services; it does not run jobs.',
            },
            {
              // Serving stored bytes and the health check's database ping are transport concerns.
              target: `${SERVER}/http`,
              from: `${SERVER}/infra`,
              except: [
                './storage/object-storage.ts',
                './storage/resumable-upload-store.ts',
                './db/database.ts',
              ],
              message: 'http reaches infra through a service.',
            },
            {
              target: `${SERVER}/http`,
              from: './packages/vision',
              message: 'http does not run media or engine code; a service does.',
            },
            {
              target: `${SERVER}/jobs`,
              from: [`${SERVER}/http`, `${SERVER}/main.ts`],
              message: 'jobs call services; they never import http.',
            },
            {
              target: `${SERVER}/jobs`,
              from: `${SERVER}/infra`,
              except: ['./queue'],
              message: 'jobs hand their payload to a service; only the queue types are theirs.',
            },
          ],
        },
      ],
    },
  },
  {
    // Product code (what the server and the engines run) never reaches the lab or the test media.
    files: [
      'apps/server/src/**/*.ts',
      'packages/vision/src/**/*.ts',
      'packages/contract/src/**/*.ts',
    ],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@filmroom/vision-lab', '@filmroom/vision-lab/*', '@filmroom/test-media'],
              message: 'Product code never imports the lab or the test media.',
            },
          ],
        },
      ],
    },
  },
  {
    // The vision package's layers: media <- perception <- engines <- engine, cli.
    files: ['packages/vision/src/**/*.ts'],
    ignores: ['packages/vision/src/**/*.test.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: './packages/vision/tsconfig.json' } },
    },
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `${VISION}/media`,
              from: [
                `${VISION}/perception`,
                `${VISION}/engines`,
                `${VISION}/engine`,
                `${VISION}/cli`,
              ],
              message: 'media decodes, probes and renders; it knows no perception or engine.',
            },
            {
              target: `${VISION}/perception`,
              from: [`${VISION}/engines`, `${VISION}/engine`, `${VISION}/cli`],
              message:
                'perception sees people, numbers and colours; engines use it, not the reverse.',
            },
            {
              target: `${VISION}/engines`,
              from: [`${VISION}/engine`, `${VISION}/cli`],
              message: 'an engine is called by the engine process and the CLI; it imports neither.',
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
