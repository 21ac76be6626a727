// ESLint: typescript-eslint's recommended rules, React hooks rules for the SPA, and the layering
// rules of DESIGN.md section 1 (domain imports no I/O layer; server never imports web).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'drizzle/**', 'data/**', 'src/server/files/xls-worker.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly', URL: 'readonly' },
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['src/web/lib/toast.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'sonner', importNames: ['toast'], message: "Import toast from '@/lib/toast': it shows one toast at a time." }] },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/test-support/**', 'src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/web/**', 'node:*', 'fs', 'path'], message: 'The domain is pure: no I/O, no server or web imports.' }] },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts', 'src/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**'], message: 'The server never imports the web app.' }] }],
    },
  },
);
