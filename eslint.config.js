import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A regular expression matching imports of the named top-level folders. */
const folders = (...names) => `^(\\.\\./)+(${names.join('|')})(/|$)`;

/** Import directions of DESIGN.md §2: each folder may import only the folders before it. */
const serverForbidden = ['runtime', 'widgets', 'pages', 'stories', 'tests', 'codegen'];
const layers = [
  { files: ['codegen/**'], forbidden: ['server', 'runtime', 'widgets', 'pages', 'stories', 'tests', 'generated'] },
  { files: ['server/**'], forbidden: serverForbidden },
  { files: ['runtime/**'], forbidden: ['server', 'widgets', 'pages', 'stories', 'tests', 'codegen'] },
  { files: ['widgets/**'], forbidden: ['server', 'pages', 'stories', 'tests', 'codegen'] },
  { files: ['pages/**'], forbidden: ['server', 'stories', 'tests', 'codegen'] },
  { files: ['stories/**'], forbidden: ['server', 'tests', 'codegen'] },
];

/** The import patterns refused in a layer: imports against the directions, and a module's own index. */
const layerPatterns = (forbidden) => [
  { regex: folders(...forbidden), message: 'This import runs against the directions of DESIGN.md §2.' },
  // Inside a module, files import each other directly, never through the module's index.
  { regex: '^(\\.{1,2}/)+(index)?$', message: 'Import the file itself, not the index of your own module.' },
];

const tenantMessage =
  "The raw database reads every tenant's rows: use call.data() (or tenantData(services.database, tenantId)), " +
  'or disable this line saying why it needs the raw database.';

export default tseslint.config(
  { ignores: ['generated/**', 'dist/**', 'node_modules/**', 'data/**', 'storybook-static/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['{runtime,pages,widgets,stories}/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // A screen reads its location from its own context: a page the shell keeps hidden is then not
    // drawn again each time another screen opens (runtime/shell/screenLocation.ts). The shell
    // itself follows the router's.
    files: ['{runtime,pages,widgets}/**/*.{ts,tsx}'],
    ignores: ['runtime/shell/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              importNames: ['useLocation', 'useSearchParams'],
              message: 'A screen reads its location with useScreenLocation or useScreenSearch (runtime/shell/screenLocation).',
            },
          ],
        },
      ],
    },
  },
  {
    // No import cycle: a module that reaches itself through its imports is read half-made by one of
    // them. Type-only imports run nothing and do not count; a chain through a dynamic import (a
    // chunk loaded later, on purpose) does: a cycle is a type or a state in the wrong file.
    files: ['{codegen,server,runtime,widgets,pages}/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Handlers reach the data through `call.data()`, bound to the caller's tenant: the raw database
    // reads every tenant's rows. Left out: the database and its migrations, the demo's seeding, the
    // wiring that opens and migrates it (app.ts), and the jobs that work for every tenant in turn
    // (the collector, the simulator, the report runner).
    files: ['server/**/*.ts'],
    ignores: [
      'server/**/*.test.ts',
      'server/db/**',
      'server/demo/**',
      'server/app.ts',
      'server/collection/collector.ts',
      'server/simulator/runner.ts',
      'server/reports/runner.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // Reading the dialect, and binding the database to a tenant with `tenantData`, are allowed.
          selector:
            "MemberExpression[property.name='database']:matches([object.name='services'], [object.property.name='services'])" +
            ":not(MemberExpression[property.name='dialect'] > .object):not(CallExpression[callee.name='tenantData'] > .arguments)",
          message: tenantMessage,
        },
        {
          selector:
            "VariableDeclarator:matches([init.name='services'], [init.property.name='services']) > ObjectPattern > Property[key.name='database']",
          message: tenantMessage,
        },
        {
          selector: "CallExpression[callee.property.name='withoutPlugins']",
          message: 'withoutPlugins() drops the tenant scope of call.data().',
        },
      ],
    },
  },
  ...layers.map(({ files, forbidden }) => ({
    files,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: layerPatterns(forbidden) }] },
  })),
  {
    // The HTTP layer takes the areas in (server/areas.ts registers them) and knows none of them:
    // besides the server's layer rules, it imports only auth, the database and the server's root
    // files, types too (an area adds what it gives handlers to server/http/services.ts's
    // Services from its own folder).
    files: ['server/http/**'],
    // A test of the layer may put it together with the areas, as server/app.ts does.
    ignores: ['server/http/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...layerPatterns(serverForbidden),
            {
              regex: '^\\.\\./(?!(auth|db)/|(contract|config|errors|i18n)$|\\.\\./)',
              message: 'The HTTP layer knows no area: register the area in server/areas.ts.',
            },
          ],
        },
      ],
    },
  },
);
