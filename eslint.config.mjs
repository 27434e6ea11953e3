import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', 'test-artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/explicit-module-boundary-types': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-exports': ['error', { restrictDefaultExports: { direct: true, named: true, defaultFrom: true, namedFrom: true, namespaceFrom: true } }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['src/api/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'src/api must not depend on the editor.' }] }],
    },
  },
  {
    files: ['src/export/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'src/export is plain Node: formatting and writing, unit-tested without the editor.' }] }],
    },
  },
  {
    files: ['test/unit/**/*.ts', 'test/gateway/**/*.ts', 'test/bench/**/*.ts'],
    // The benchmark's runner inside the extension host (test/bench/host) drives the editor, like test/host.
    ignores: ['test/bench/host/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'Unit tests and the sample gateway run on plain Node.' }] }],
    },
  },
  {
    files: ['esbuild.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
);
