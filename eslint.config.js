// @ts-check
/**
 * One flat config for the whole workspace.
 * - Module boundaries: the dependency matrix of ARCHITECTURE.md, as errors (Nx tags in project.json).
 * - typescript-eslint strict + type-aware rules; floating/misused promises are errors
 *   (CONVENTIONS.md: Bluesky left them at warn and paid).
 * - react-hooks for every React project. Prettier owns formatting (eslint-config-prettier last).
 */
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** ARCHITECTURE.md "Allowed dependencies"; keep the two in step. */
export const depConstraints = [
  { sourceTag: 'type:domain', onlyDependOnLibsWithTags: ['type:domain'] },
  { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:domain', 'type:data-access'] },
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:domain', 'type:ui'] },
  {
    sourceTag: 'type:features',
    onlyDependOnLibsWithTags: ['type:ui', 'type:data-access', 'type:domain', 'type:features'],
  },
  {
    sourceTag: 'type:app',
    onlyDependOnLibsWithTags: ['type:features', 'type:data-access', 'type:ui', 'type:domain'],
  },
  { sourceTag: 'type:server', onlyDependOnLibsWithTags: ['type:domain', 'type:server'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['*'] },
  { sourceTag: 'type:bench', onlyDependOnLibsWithTags: ['*'] },
];

/**
 * The Nx rule with the matrix above; `allow`: imports allowed whatever the tags say.
 * @param {string[]} allow
 * @returns {import('eslint').Linter.RuleEntry}
 */
const moduleBoundaries = (allow) => [
  'error',
  {
    enforceBuildableLibDependency: false,
    allowCircularSelfDependency: false,
    banTransitiveDependencies: false,
    checkDynamicDependenciesExceptions: [],
    depConstraints,
    allow,
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/.data/**',
      '**/.nx/**',
      '**/storybook-static/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/demo/public/mockServiceWorker.js',
      'bench/.work/**',
      'scripts/lint-fixtures/**',
      // A feasibility spike kept for issue 38 (its README): not product code, installed by hand.
      'tools/browser-server-spike/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { '@nx': nx },
    rules: {
      '@nx/enforce-module-boundaries': moduleBoundaries([]),
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../libs/*', '../../../libs/*', '../../../../libs/*'],
              message: 'Import a library by its package name (@pando/…), never by a relative path.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      '**/*.tsx',
      'libs/data-access/**/*.ts',
      'libs/features/**/*.ts',
      'apps/web/**/*.ts',
      'apps/demo/**/*.ts',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Tests and stories: the non-null assertion and unbound-method checks fight testing-library idioms.
    files: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/*.spec.ts',
      '**/*.stories.tsx',
      'e2e/**/*.ts',
      'bench/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // The sales demo runs on the real server in the page (issue 38): the server's page entry,
    // and nothing else of it. Before the tests' block, which gives tests their own allowance.
    files: ['apps/demo/**/*.ts', 'apps/demo/**/*.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': moduleBoundaries(['@pando/server/page']),
    },
  },
  {
    // The client tests may run on the real server, embedded (issue 38: instead of the hand-written
    // mock backend), through the server's test support; nothing else of an app is importable.
    files: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      '@nx/enforce-module-boundaries': moduleBoundaries(['@pando/server/testing']),
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
  },
  prettier,
);
