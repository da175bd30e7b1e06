// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { dependencyRules } from './tools/src/dependency-rules.js';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'coverage/**', 'schemas/types/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: [
      'web/**/*.{ts,tsx}',
      'engine/src/react/**/*.{ts,tsx}',
      'tools/studio/page/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // NestJS injects by the constructor's parameter types, which must stay value imports for the
    // emitted decorator metadata; `import type` would silently break dependency injection.
    files: ['api/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    // `npm run typecheck` checks everything in one program (tsconfig.json) whose options allow the
    // API's constructor parameter properties; everywhere else only syntax Node can strip may
    // appear (tools and journeys run with plain node), as the workspaces' `erasableSyntaxOnly` says.
    files: ['**/*.{ts,tsx}'],
    ignores: ['api/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'Kein enum: Node kann es nicht entfernen.' },
        {
          selector: 'TSParameterProperty',
          message: 'Keine Parameter-Properties: Node kann sie nicht entfernen.',
        },
        {
          selector: 'TSModuleDeclaration[declare=false]',
          message: 'Kein namespace: Node kann ihn nicht entfernen.',
        },
        {
          selector: 'TSImportEqualsDeclaration',
          message: 'Kein import = require: Node kann es nicht entfernen.',
        },
        { selector: 'TSExportAssignment', message: 'Kein export =: Node kann es nicht entfernen.' },
      ],
    },
  },
  ...dependencyRules,
);
