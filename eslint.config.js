// @ts-check
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import tseslint from 'typescript-eslint';

const SERVER_IMPORTS = { group: ['**/lib/server/**', '~/lib/server/**', 'node:*'], message: 'Server-only modules cannot be imported from browser code.' };
const DB_IMPORTS = { group: ['**/lib/server/db/**', '~/lib/server/db/**'], message: 'Pages and endpoints call services; only services reach the database.' };

export default defineConfig(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/'] },
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ['**/*.{ts,tsx,astro}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Server-only code never reaches the browser.
    files: ['src/islands/**/*.{ts,tsx}', 'src/lib/client/**/*.ts', 'src/lib/shared/**/*.ts', 'src/service-worker/**/*.ts', 'src/i18n/islands.tsx', 'src/i18n/options.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_IMPORTS] }] },
  },
  {
    // Islands call the API through lib/client/api, typed from the OpenAPI document (ADR 026): no address of the API,
    // and no untyped request helper, in an island.
    files: ['src/islands/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: ':not(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration, ImportExpression) > Literal[value=/(^|\\W)\\/api[\\/-]/]', message: 'Call the API through a module of lib/client/api (typed routes), not an address.' },
        { selector: 'TemplateElement[value.raw=/(^|\\W)\\/api[\\/-]/]', message: 'Call the API through a module of lib/client/api (typed routes), not an address.' },
        { selector: 'ImportSpecifier[imported.name="getApi"]', message: 'Islands call the API through lib/client/api (typed routes), not the untyped request helper.' },
      ],
    },
  },
  {
    // Layers point one way: pages and endpoints → services → db.
    files: ['src/pages/**/*.{ts,astro}', 'src/layouts/**/*.astro', 'src/components/**/*.astro'],
    rules: { 'no-restricted-imports': ['error', { patterns: [DB_IMPORTS] }] },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
