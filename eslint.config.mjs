// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Import boundaries (one-way): lib, components/ui ← features/catalogue ← features/cart
 * ← features/checkout ← pages ← app. platform is a leaf the app wires in.
 * The renderer never imports Electron or Node; Electron code never imports the renderer.
 */
/** @param {string[]} files @param {string[]} forbidden @param {string} message */
const layer = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [{ group: forbidden, message }],
        paths: [
          {
            name: 'electron',
            message:
              'The renderer talks to Electron only through the preload bridge (src/platform).',
          },
        ],
      },
    ],
  },
});

export default defineConfig(
  {
    ignores: [
      'out/**',
      'dist/**',
      'release/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  layer(
    ['src/lib/**', 'src/components/**'],
    ['**/features/**', '**/pages/**', '**/app/**', '**/platform/**', 'node:*'],
    'lib and components/ui are the bottom layer.',
  ),
  layer(
    ['src/features/catalogue/**'],
    ['**/features/cart/**', '**/features/checkout/**', '**/pages/**', '**/app/**', 'node:*'],
    'catalogue must not depend on cart, checkout, pages or app.',
  ),
  layer(
    ['src/features/cart/**'],
    ['**/features/checkout/**', '**/pages/**', '**/app/**', 'node:*'],
    'cart may use catalogue, nothing above it.',
  ),
  layer(
    ['src/features/checkout/**'],
    ['**/pages/**', '**/app/**', 'node:*'],
    'checkout may use cart and catalogue, nothing above it.',
  ),
  layer(
    ['src/pages/**'],
    ['**/app/**', 'node:*'],
    'pages compose features; the app composes pages.',
  ),
  layer(
    ['src/platform/**', 'src/app/**', 'src/main.tsx'],
    ['node:*'],
    'The renderer runs in a sandbox: no Node modules.',
  ),
  {
    files: ['electron/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '@/*'], message: 'Electron code must not import the renderer.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  { files: ['**/*.mjs'], extends: [tseslint.configs.disableTypeChecked] },
  prettier,
);
