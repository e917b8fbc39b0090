// ESLint: typescript-eslint's recommended type-aware rules on the TypeScript sources, ESLint's recommended
// rules on the plain JavaScript ones, and eslint-config-prettier last so that no rule argues with Prettier
// (formatting is Prettier's alone: `npm run format`). Run by `npm run lint`, with Prettier's check and the
// architecture's import rules (.dependency-cruiser.cjs).
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores(['**/node_modules/', 'dist/', 'coverage/', '.tmp/', '.build/', 'data/', 'test/artifacts/']),
  js.configs.recommended,
  {
    files: ['**/*.ts', '**/*.mts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      // The project service reads tsconfig.json as the editor does: one program for the whole tree,
      // which is what keeps type-aware linting of ~50k lines within a minute or so on two cores.
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // node:test's test()/describe()/it() return a promise the runner itself awaits and reports.
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] },
          ],
        },
      ],
      // A leading underscore, or a rest sibling, names what is left out on purpose (`const { a: _, ...rest } = o`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // The ports are async so that an adapter may do I/O; the in-memory and embedded adapters (and the tests'
      // fakes) implement them with `async` and no `await`, which keeps a thrown error a rejection, as callers expect.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read response bodies and parsed JSON as `any` and let their assertions check the shape: a type
    // declared there would be an unchecked cast, a claim the test exists to verify.
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // `body as Json` (Json = Record<string, any>) is what lets a test read a Record<string, unknown>; the
      // rule takes the two for the same type.
      '@typescript-eslint/no-unnecessary-type-assertion': ['error', { typesToIgnore: ['Json'] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  prettier,
);
