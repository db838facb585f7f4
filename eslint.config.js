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
  message: 'Use useSubmitMutation (@/lib/mutation): it keeps a submission from running twice.',
};

/**
 * The storefront's import rules (docs/web.md): a feature never imports another feature
 * (shared code lives in components, hooks or lib); the shared layers never import a feature or
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
      ignores: [`${WEB}/lib/mutation.ts`],
      rules: { 'no-restricted-imports': restrict([]) },
    },
    ...webFeatures.map((feature) => ({
      files: [`${WEB}/features/${feature}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': restrict([otherFeature(feature)]) },
    })),
    {
      files: [`${WEB}/{components,hooks,lib}/**/*.{ts,tsx}`],
      ignores: [`${WEB}/components/layout/**`, `${WEB}/lib/mutation.ts`],
      rules: { 'no-restricted-imports': restrict([noUpward]) },
    },
  ];
}

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
          paths: [
            { name: 'kysely', importNames: ['sql'], message: 'Raw SQL belongs in a repository.' },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'MemberExpression[property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)$/]',
          message: 'Queries belong in a repository (x.repository.ts).',
        },
      ],
    },
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
