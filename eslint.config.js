import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Layer rules made mechanical (STYLE.md): a file's folder decides what it may import.
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', 'test-results/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['main/core/**'],
    rules: restrict([
      { group: ['electron'], message: 'main/core is Electron-free: pass what it needs in from the shell.' },
      { group: ['**/electron/**', '**/renderer/**', '**/web/**', '**/cli/**'], message: 'main/core imports no shell and no UI code.' },
    ]),
  },
  {
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: restrict([
      { group: ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto'], message: 'The renderer runs in the page: no Node modules.' },
      { group: ['**/main/**', 'electron'], message: 'The renderer talks only to the contract (window.notarium).' },
    ]),
  },
  {
    files: ['sandbox/**'],
    rules: restrict([
      { group: ['**/main/**', '**/renderer/**', '**/preload/**'], message: 'The sandbox is an independent implementation of the service: it imports nothing from the app.' },
      { group: ['electron'], message: 'The sandbox runs in plain Node.' },
    ]),
  },
  {
    // Importing the electron package at run time downloads its binary: only main/electron (and the
    // Electron preload, which runs inside Electron) may.
    ignores: ['main/electron/**', 'preload/electron-preload.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', allowTypeImports: true, message: "Only main/electron imports 'electron' at run time; use `import type`." }] },
      ],
    },
  },
  {
    // The page and the preload take only types from contract.ts: its values (the zod schemas) are
    // main-side validation and would weigh down their bundles. Names come from contract-names.ts.
    files: ['renderer/**', 'preload/bridge-client.ts', 'preload/web-bridge.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', allowTypeImports: true, message: "Only main/electron imports 'electron' at run time; use `import type`." }],
          patterns: [{ group: ['**/contract.ts'], allowTypeImports: true, message: 'Import only types from contract.ts here; names are in contract-names.ts.' }],
        },
      ],
    },
  },
);
