// @ts-check
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layerConfigs } from './eslint.layers.mjs';
import { runtimeResolverConfigs } from './eslint.runtimes.mjs';

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
    files: ['src/**/*.{ts,tsx}', 'web-shared/**/*.{ts,tsx}', 'fleet-console/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.{ts,tsx,mts}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x parses the files an import leads to (for no-cycle) with the TS parser.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
    },
    rules: {
      // TypeScript reports these too, but here it proves the resolver sees every import: an
      // import it cannot follow would slip past the layer zones and no-cycle unseen.
      // A `virtual:` module is made by a build plugin (vite-plugins/messages.mts), not a file.
      'import-x/no-unresolved': ['error', { ignore: ['^virtual:'] }],
    },
  },
  ...runtimeResolverConfigs,
  ...layerConfigs,
  {
    // The build target is the capabilities' to answer (src/platform/capabilities.ts). The app
    // reads the constant once more, where a build must drop what it does not run (the kiosk's
    // behaviours, the other build's router, the kiosk's word to its launch script): the
    // bundler folds a literal comparison but not one imported from another module.
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/platform/capabilities.ts',
      'src/app/app.tsx',
      'src/app/first-screens/taken-over.ts',
      'src/env.d.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Identifier[name='__SHOP_TARGET__']",
          message: 'Ask the capabilities (useCapabilities) which build this is.',
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  { files: ['**/*.mjs'], extends: [tseslint.configs.disableTypeChecked] },
  prettier,
);
