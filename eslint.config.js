import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const tsconfigs = ['packages/*/tsconfig.json', 'apps/*/tsconfig.json', 'e2e/tsconfig.json', 'bench/tsconfig.json', 'eslint-fixtures/tsconfig.json'];

/**
 * The architecture's import boundaries (docs/architecture.md). Element patterns match a path from its right end,
 * so the same rules hold for the deliberately violating tree in eslint-fixtures/tree (proven by eslint-fixtures/boundaries.test.ts).
 */
export const boundaryElements = [
  { type: 'api-module', pattern: 'apps/api/src/modules/*', capture: ['module'] },
  { type: 'api-lib', pattern: 'apps/api/src/lib' },
  { type: 'api-db', pattern: 'apps/api/src/db' },
  { type: 'api-plugins', pattern: 'apps/api/src/plugins' },
  { type: 'web-app', pattern: 'apps/web/src/app' },
  { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
  { type: 'web-components', pattern: 'apps/web/src/components' },
  { type: 'web-lib', pattern: 'apps/web/src/lib' },
];

export const boundaryRules = {
  'boundaries/dependencies': [
    'error',
    {
      default: 'allow',
      policies: [
        {
          // Outside modules/<name>/, a module is reached only through its face, modules/<name>/index.ts.
          // Imports inside one module (its own tests included) stay within the element and are not checked.
          disallow: { to: { element: { type: 'api-module', fileInternalPath: '!index.ts' } } },
          message: 'Import another module only through its face (modules/{{ to.element.captured.module }}/index.ts)',
        },
        {
          // A module's test helpers (<name>.testing.ts) are its face for tests: other modules' tests and helpers use them.
          from: { file: { categories: 'test' } },
          allow: { to: { element: { type: 'api-module' }, file: { categories: 'test-helper' } } },
        },
        {
          from: { element: { type: 'api-lib' } },
          disallow: { to: { element: { types: { anyOf: ['api-plugins', 'api-module'] } } } },
          message: 'apps/api/src/lib is the bottom layer: it imports neither plugins/ nor modules/',
        },
        {
          from: { element: { type: 'api-db' } },
          disallow: { to: { element: { type: 'api-module' } } },
          message: 'apps/api/src/db imports no module: a module owns its data and seeds through its own face',
        },
        {
          from: { element: { type: 'web-feature' } },
          disallow: { to: { element: { type: 'web-feature' } } },
          message: 'A feature never imports another feature: share the piece through components/ or lib/',
        },
        {
          from: { element: { type: 'web-feature' } },
          disallow: { to: { element: { type: 'web-app' } } },
          message: 'Layers run app → features → components → lib: a feature imports nothing from app/',
        },
        {
          // A feature's test may render the whole router, and db tests may sign in through a module's face.
          from: { element: { types: { anyOf: ['web-feature', 'api-db'] } }, file: { categories: 'test' } },
          allow: { to: { element: { types: { anyOf: ['web-app', 'api-module'] } } } },
        },
        {
          from: { element: { type: 'web-components' } },
          disallow: { to: { element: { types: { anyOf: ['web-app', 'web-feature'] } } } },
          message: 'Layers run app → features → components → lib: components import neither features/ nor app/',
        },
        {
          from: { element: { type: 'web-lib' } },
          disallow: { to: { element: { types: { anyOf: ['web-app', 'web-feature', 'web-components'] } } } },
          message: 'Layers run app → features → components → lib: lib imports none of components/, features/, app/',
        },
      ],
    },
  ],
  'import-x/no-cycle': ['error', { ignoreExternal: true }],
};

export const boundarySettings = {
  'boundaries/elements': boundaryElements,
  'boundaries/files': [
    { category: 'test', pattern: '**/*.{test,testing}.{ts,tsx}' },
    { category: 'test-helper', pattern: '**/*.testing.{ts,tsx}' },
  ],
  'boundaries/dependency-nodes': ['import', 'export', 'dynamic-import'],
  'boundaries/legacy-templates': false,
  'import/resolver': { typescript: { project: tsconfigs, noWarnOnMultipleProjects: true } },
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [createTypeScriptImportResolver({ project: tsconfigs, noWarnOnMultipleProjects: true })],
};

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '.data/**', 'test-results/**', 'playwright-report/**', 'eslint-fixtures/tree/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'] }, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // Off: `async` without `await` is how this code implements Promise-returning interfaces (chain drivers, Fastify
      // plugins and handlers, wallet and fetch fakes); it turns a synchronous throw into a rejection, as callers expect.
      '@typescript-eslint/require-await': 'off',
      // JSX attributes excepted: react-hook-form's handleSubmit(...) is a Promise-returning event handler by design.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // Off in tests and their helpers: inject(...).json() and Response.json() are `any`, and the assertions are what check the body's
    // shape; declaring a type for every response body would restate the contracts without checking anything more.
    files: ['**/*.{test,testing}.{ts,tsx}', '**/src/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The service worker runs in its own global scope (self, caches, clients), not the page's.
    files: ['apps/web/public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // The fixture tree is in no tsconfig and is linted only by eslint-fixtures/boundaries.test.ts.
    files: ['eslint-fixtures/tree/**'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'eslint-fixtures/tree/**/*.{ts,tsx}'],
    plugins: { boundaries, 'import-x': importX },
    settings: boundarySettings,
    rules: boundaryRules,
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['bench/**', 'scripts/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
);
