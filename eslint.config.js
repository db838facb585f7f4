import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const WEB = 'apps/web/src';
const webFeatures = readdirSync(new URL(`./${WEB}/features`, import.meta.url));
const noPlainMutation = {
  name: '@tanstack/react-query',
  importNames: ['useMutation'],
  message:
    'Use useSubmitMutation (@labshop/api-client/react): it keeps a submission from running twice.',
};

/**
 * The storefront's import rules (docs/web.md): a feature never imports another feature
 * (shared code lives in components, hooks or lib); the shared layers never import a domain or
 * the app; and every submission goes through useSubmitMutation. Only `app` and the page shell in
 * components/layout compose features.
 */
function webImportRules() {
  const restrict = (patterns) => [
    'error',
    {
      paths: [noPlainMutation],
      patterns,
    },
  ];
  const otherFeature = (own) => ({
    regex: `^(@/features/(?!${own}/)|(\\.\\./)+(?!${own}/)(${webFeatures.join('|')})/)`,
    message: 'Features never import each other: move what both need to components, hooks or lib.',
  });
  const noUpward = {
    regex: '^(@/(features|app)/|(\\.\\./)+(features|app)/)',
    message: 'Shared layers (components, hooks, lib) never import features or the app.',
  };
  return [
    {
      files: [`${WEB}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': restrict([]) },
    },
    ...webFeatures.map((feature) => ({
      files: [`${WEB}/features/${feature}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': restrict([otherFeature(feature)]) },
    })),
    {
      files: [`${WEB}/{components,hooks,lib}/**/*.{ts,tsx}`],
      ignores: [`${WEB}/components/layout/**`],
      rules: { 'no-restricted-imports': restrict([noUpward]) },
    },
  ];
}

const CONSOLE = 'apps/console/src';
const consoleFeatures = readdirSync(new URL(`./${CONSOLE}/features`, import.meta.url));

/**
 * The console's layers, as the storefront's (docs/console.md, "Layers"): a feature never imports
 * another feature or the app (what two need lives in components, hooks or lib); the shared layers
 * never import a feature or the app; only `app` composes features. Every write goes through
 * useSubmitMutation, so a double click on 确定 does not ship a package twice.
 */
function consoleImportRules() {
  const restrict = (patterns) => ['error', { paths: [noPlainMutation], patterns }];
  const otherFeature = (own) => ({
    regex: `^(@/features/(?!${own}/)|(\\.\\./)+(?!${own}/)(${consoleFeatures.join('|')})/)`,
    message: 'Features never import each other: move what both need to components, hooks or lib.',
  });
  const noApp = {
    regex: '^(@/app/|(\\.\\./)+app/)',
    message: 'Features never import the app: move what they need to components, hooks or lib.',
  };
  const noUpward = {
    regex: '^(@/(features|app)/|(\\.\\./)+(features|app)/)',
    message: 'Shared layers (components, hooks, lib) never import features or the app.',
  };
  return [
    {
      files: [`${CONSOLE}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': restrict([]) },
    },
    ...consoleFeatures.map((feature) => ({
      files: [`${CONSOLE}/features/${feature}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': restrict([otherFeature(feature), noApp]) },
    })),
    {
      files: [`${CONSOLE}/{components,hooks,lib}/**/*.{ts,tsx}`, `${CONSOLE}/*.{ts,tsx}`],
      ignores: [`${CONSOLE}/main.tsx`],
      rules: { 'no-restricted-imports': restrict([noUpward]) },
    },
    {
      // Query keys come from the key list (docs/console.md, "Data layer"): an array written as a
      // key elsewhere could drift from the one its write refreshes.
      files: [`${CONSOLE}/**/*.{ts,tsx}`],
      ignores: [`${CONSOLE}/lib/query-keys.ts`],
      rules: {
        'no-restricted-syntax': [
          'error',
          {
            selector: "Property[key.name='queryKey'] > ArrayExpression.value",
            message: 'Name the key in lib/query-keys.ts and use queryKeys.…',
          },
          {
            selector:
              'CallExpression[callee.property.name=/^(setQueryData|getQueryData|getQueryState|fetchQuery|prefetchQuery|ensureQueryData)$/] > ArrayExpression.arguments',
            message: 'Name the key in lib/query-keys.ts and use queryKeys.…',
          },
        ],
      },
    },
  ];
}

/**
 * One writer per ledger (docs/architecture.md, "Ledgers"): stock counts and their movements are
 * written only by the stock repository, balances and their ledger rows only by the balance
 * repository. Any other file that writes those tables, or sets a member's balance, is refused.
 */
const LEDGER_OWNERS = [
  'apps/server/src/domains/stock/stock.repository.ts',
  'apps/server/src/domains/balance/balance.repository.ts',
];
const ledgerWrites = [
  {
    selector:
      'CallExpression[callee.property.name=/^(insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/][arguments.0.value=/^(materialStocks|stockMovements|stockLots|stockDocuments|balanceRecords)( |$)/]',
    message:
      'Stock and balance ledgers have one writer each: call moveStock/openStock (domains/stock) or creditBalance/debitBalance (domains/balance).',
  },
  {
    selector: "CallExpression[callee.property.name='set'] Property[key.name='balance']",
    message: 'A balance changes only through creditBalance/debitBalance (domains/balance).',
  },
];

/**
 * The ledgers' tables belong to their domains (docs/architecture.md, "Ledgers"): only the stock
 * and balance domains name them in a query, others call what those domains' faces offer, so a
 * change of how stock or balances are kept (lots, holds) has one place to go.
 */
const LEDGER_DOMAINS = ['apps/server/src/domains/stock/**', 'apps/server/src/domains/balance/**'];
const ledgerReads = [
  {
    selector:
      "CallExpression[callee.type='MemberExpression'] > Literal.arguments[value=/^(materialStocks|stockMovements|stockLots|stockDocuments|balanceRecords)( |$)/]",
    message:
      'Stock and balance tables are read through their domains (domains/stock, domains/balance).',
  },
  {
    selector:
      'TemplateElement[value.raw=/\\b(material_stocks|stock_movements|stock_lots|stock_documents|balance_records)\\b/]',
    message:
      'Stock and balance tables are read through their domains (domains/stock, domains/balance).',
  },
];

const SQL_OUTSIDE_REPOSITORIES = [
  { name: 'kysely', importNames: ['sql'], message: 'Raw SQL belongs in a repository.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      // Static files served as they are (the storefront's start script).
      'apps/*/public/**',
      'data/**',
      '**/*.config.{js,ts}',
      'apps/server/build.mjs',
      'e2e/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // Fastify plugins and hooks are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/console/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...webImportRules(),
  ...consoleImportRules(),
  {
    // SQL lives in repositories, whose first argument is the database or a transaction; services
    // open the transactions (README, "Server").
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/db/**',
      'apps/server/src/seed/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: SQL_OUTSIDE_REPOSITORIES,
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
          message: 'Queries belong in a repository (x.repository.ts).',
        },
        ...ledgerWrites,
      ],
    },
  },
  {
    // The server's shared layers never import a domain: arrows point down (docs/architecture.md).
    files: ['apps/server/src/{lib,db,plugins}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: SQL_OUTSIDE_REPOSITORIES,
          patterns: [
            {
              regex: '^(\\.\\./)+domains/',
              message: 'lib, db and plugins never import a domain: move what both need down.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/{lib,db}/**/*.repository.ts', 'apps/server/src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./)+domains/', message: 'db and lib never import a domain.' },
          ],
        },
      ],
    },
  },
  {
    // Repositories and the seed hold SQL, but only the owners write the ledgers, and only their
    // domains read them.
    files: ['apps/server/src/**/*.repository.ts', 'apps/server/src/seed/**/*.ts'],
    ignores: [...LEDGER_DOMAINS, 'apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ledgerWrites, ...ledgerReads] },
  },
  {
    files: LEDGER_DOMAINS.map((f) => `${f}/*.repository.ts`),
    ignores: [...LEDGER_OWNERS, 'apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ledgerWrites] },
  },
  {
    // Migrations are frozen and dialect-generic; their builder callbacks are loosely typed.
    files: ['apps/server/src/db/migrations/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
);
