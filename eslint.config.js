// @ts-check
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', '.astro/', 'node_modules/', 'test-results/', 'playwright-report/', 'data/'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Server-only code never reaches the browser.
    files: ['src/islands/**/*.{ts,tsx}', 'src/lib/client/**/*.ts', 'src/lib/shared/**/*.ts', 'src/i18n/islands.tsx', 'src/i18n/options.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/lib/server/**', '~/lib/server/**', 'node:*'], message: 'Server-only modules cannot be imported from browser code.' }] }],
    },
  },
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
