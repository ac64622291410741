import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import svelteConfig from './svelte.config.js';

// Layer rules made mechanical (docs/architecture.md, the layer rules): a file's folder decides what
// it may import, so a wrong import fails the lint instead of waiting for a reviewer. Each file
// gets one `no-restricted-imports` block (a later block matching a file replaces an earlier one's
// list, it does not add to it), so the folders below do not overlap.
const restrict = (restrictions) => ({ 'no-restricted-imports': ['error', restrictions] });
// Node's modules by their bare names (`fs`, `fs/promises`…); `node:*` is a pattern beside them.
const nodeBuiltins = (message) => builtinModules.map((name) => ({ name, message }));

// 'electron' at run time downloads its binary: only main/electron and the Electron preload (which
// runs inside Electron) import its values. ipcMain and ipcRenderer belong to the two files that
// wire the contract on them; no other file names a channel.
const ELECTRON_TYPES_ONLY = { name: 'electron', allowTypeImports: true, message: "Only main/electron imports 'electron' at run time; use `import type`." };
const ipcOnlyIn = (file, ...names) => ({ name: 'electron', importNames: names, message: `Only ${file} wires Electron IPC: go through the contract.` });
const IPC_MAIN = ipcOnlyIn('main/electron/ipc.ts', 'ipcMain');
const IPC_RENDERER = ipcOnlyIn('preload/electron-preload.ts', 'ipcRenderer');
// The page and the preload take only types from contract.ts: its values (the zod schemas) are
// main-side validation and would weigh down their bundles. Names come from contract-names.ts.
const CONTRACT_TYPES_ONLY = {
  group: ['**/contract.ts'],
  allowTypeImports: true,
  message: 'Import only types from contract.ts here; names are in contract-names.ts.',
};
const electronRule = (paths, patterns = []) => ({ '@typescript-eslint/no-restricted-imports': ['error', { paths, patterns }] });

// verifier/ stands alone (verifier/README.md): no Node module, nothing from the rest of the tree,
// and of npm only the packages its package.json names. A relative import leaves verifier/ when it
// climbs more folders than its file is deep, so each depth has its block.
const VERIFIER_PACKAGES = Object.keys(JSON.parse(readFileSync(new URL('./verifier/package.json', import.meta.url), 'utf8')).dependencies);
const VERIFIER_ALONE = 'verifier/ stands alone: no Node module, nothing from outside verifier/ (verifier/README.md).';
const verifierAtDepth = (depth) => ({
  files: [`verifier/${'*/'.repeat(depth)}*.ts`],
  rules: restrict({
    paths: [...nodeBuiltins(VERIFIER_ALONE), { name: 'electron', message: VERIFIER_ALONE }],
    patterns: [
      { group: ['node:*'], message: VERIFIER_ALONE },
      { regex: `^(\\.\\./){${depth + 1}}`, message: VERIFIER_ALONE },
      {
        regex: `^(?!\\.|(${VERIFIER_PACKAGES.join('|')})(/|$))`,
        message: `verifier/ uses no npm package but ${VERIFIER_PACKAGES.join(' and ')} (verifier/package.json).`,
      },
    ],
  }),
});

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'out/', 'test-results/', 'coverage/'] },
  js.configs.recommended,
  {
    // Type-aware rules for the TypeScript of tsconfig.json, components included. One set of options
    // for both: the project service is reconfigured whenever a file's extraFileExtensions differ
    // from the last file's. In a component (and a `*.svelte.ts` module) svelte-eslint-parser, set
    // below, reads the markup and hands the script to `parser`.
    files: ['**/*.ts', '**/*.svelte'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: true,
        extraFileExtensions: ['.svelte'],
        parser: tseslint.parser,
        svelteConfig,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // An `async` method without `await` is how an implementation of a Promise-returning contract
      // turns a synchronous throw into a rejection; the rule would have us lose that.
      '@typescript-eslint/require-await': 'off',
      // A caught value passed on as it was thrown is `unknown` (or `any`: AbortSignal.reason), as
      // only-throw-error allows by default; a rejection with a known non-Error value is refused.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true, allowThrowingAny: true }],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], extends: [tseslint.configs.recommended] },
  // After the type-checked set, whose base names typescript-eslint's parser for every file it covers:
  // here svelte-eslint-parser takes `*.svelte` and `*.svelte.ts` (runes read as runes) back.
  ...svelte.configs.recommended,
  {
    // Svelte declares props with `let { … } = $props()` (a prop is not a constant: its parent
    // changes it) and derivations likewise; svelte/prefer-const is prefer-const knowing those runes.
    files: ['**/*.svelte', '**/*.svelte.ts'],
    rules: { 'prefer-const': 'off', 'svelte/prefer-const': 'error' },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // The app logs through the loggers it is given (a shell passes one in); only the CLI and
      // the tools around the app (scripts, benchmarks, tests) write to the console.
      'no-console': 'error',
      // A dynamic import() escapes no-restricted-imports: 'electron' is imported statically.
      'no-restricted-syntax': [
        'error',
        { selector: "ImportExpression[source.value='electron']", message: "Import 'electron' statically, so the layer rules see it." },
        // zod's `z` export is a namespace object holding every locale: a bundle that takes it takes
        // all 45 (370 KB). `import * as z` lets esbuild keep only what is used.
        {
          selector: "ImportDeclaration[source.value='zod'][importKind!='type'] > ImportSpecifier[importKind!='type'][imported.name='z']",
          message: "Import zod as `import * as z from 'zod'`: the `z` export brings every locale into the bundles.",
        },
      ],
    },
  },
  {
    files: ['main/cli/**', 'bin/**', 'scripts/**', 'bench/**', 'test/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['test/**'],
    rules: {
      // Tests read JSON answers, fakes and mocks as `any` on purpose and assert on what they find;
      // a wrong shape fails the assertion, so the unsafe-* family would only add casts.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // expect(mock.method) hands a mock to an assertion: it is never called unbound.
      '@typescript-eslint/unbound-method': 'off',
      // Tests stringify WebSocket frames (Buffer | ArrayBuffer | Buffer[] by type) and odd values on purpose.
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },

  // What each folder may import.
  // verifier/ imports nothing of the others; each of them may import it, but the sandbox. A file
  // deeper than these blocks reach has no rule: test/unit/verifier-package/imports.test.ts says so.
  ...[0, 1, 2].map(verifierAtDepth),
  {
    files: ['main/core/**'],
    rules: restrict({
      paths: [{ name: 'electron', message: 'main/core is Electron-free: pass what it needs in from the shell.' }],
      patterns: [{ group: ['**/electron/**', '**/renderer/**', '**/web/**', '**/cli/**'], message: 'main/core imports no shell and no UI code.' }],
    }),
  },
  {
    files: ['main/electron/**'],
    rules: restrict({
      patterns: [
        {
          // One exception: the app's binary is also the installed `notarium` command, and tells a
          // command line from a desktop launch by the command names (command-line.ts).
          group: ['**/web/**', '**/cli/**', '!**/cli/command-names.ts', '**/renderer/**'],
          message: 'The Electron shell stands on the core and the contract alone: no other shell, no page code.',
        },
      ],
    }),
  },
  {
    files: ['main/web/**'],
    rules: restrict({
      paths: [{ name: 'electron', message: 'The web shell runs in plain Node, without Electron.' }],
      patterns: [
        {
          group: ['**/electron/**', '**/cli/**', '**/renderer/**'],
          message: 'The web shell stands on the core and the contract alone: no other shell, no page code.',
        },
      ],
    }),
  },
  {
    files: ['main/cli/**'],
    ignores: ['main/cli/commands/app.ts'],
    rules: restrict({
      patterns: [
        {
          group: ['**/electron/**', '**/web/**', '**/renderer/**'],
          message: 'The CLI stands on the core: no other shell, no page code (only `notarium app` starts a shell).',
        },
      ],
    }),
  },
  {
    // `notarium app` starts the web shell when Electron cannot run; it starts Electron as a process.
    files: ['main/cli/commands/app.ts'],
    rules: restrict({
      patterns: [{ group: ['**/electron/**', '**/renderer/**'], message: 'The CLI starts the Electron shell as a process and imports no page code.' }],
    }),
  },
  {
    // The contract, the protocol and the bridges run in the page as well as in Node; they may use
    // verifier/, which runs anywhere.
    files: ['preload/**'],
    rules: restrict({
      paths: nodeBuiltins('preload/ runs in the page too: no Node modules.'),
      patterns: [
        { group: ['node:*'], message: 'preload/ runs in the page too: no Node modules.' },
        { group: ['**/main/**', '**/renderer/**', '**/sandbox/**'], message: 'preload/ is the contract between the page and the core: it imports neither.' },
      ],
    }),
  },
  {
    // The page: the contract, preload/'s portable modules and verifier/ (which runs anywhere).
    files: ['renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: restrict({
      paths: [
        ...nodeBuiltins('The renderer runs in the page: no Node modules.'),
        { name: 'electron', message: 'The renderer talks only to the contract (window.notarium).' },
      ],
      patterns: [
        { group: ['node:*'], message: 'The renderer runs in the page: no Node modules.' },
        { group: ['**/main/**'], message: 'The renderer talks only to the contract (window.notarium).' },
      ],
    }),
  },
  {
    // The offline verifier page runs in any browser from a file: verifier/, the portable parts of
    // preload/, and nothing of Node, the shells or the app's page.
    files: ['verifier-page/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: restrict({
      paths: [...nodeBuiltins('The verifier page runs in a browser: no Node modules.'), { name: 'electron', message: 'The verifier page runs in a browser.' }],
      patterns: [
        { group: ['node:*'], message: 'The verifier page runs in a browser: no Node modules.' },
        {
          group: ['**/main/**', '**/renderer/**', '**/sandbox/**', '**/preload/contract.ts'],
          message: 'The verifier page is built from verifier/ and the portable parts of preload/ alone.',
        },
      ],
    }),
  },
  {
    files: ['sandbox/**'],
    rules: restrict({
      paths: [{ name: 'electron', message: 'The sandbox runs in plain Node.' }],
      patterns: [
        {
          group: ['**/main/**', '**/renderer/**', '**/preload/**', '**/verifier/**'],
          message: 'The sandbox is an independent implementation of the service: it imports nothing from the app.',
        },
      ],
    }),
  },

  // Who may import 'electron', and which of its parts.
  { ignores: ['main/electron/**', 'preload/electron-preload.ts'], rules: electronRule([ELECTRON_TYPES_ONLY, IPC_MAIN, IPC_RENDERER]) },
  { files: ['main/electron/**'], ignores: ['main/electron/ipc.ts'], rules: electronRule([IPC_MAIN, IPC_RENDERER]) },
  { files: ['main/electron/ipc.ts'], rules: electronRule([IPC_RENDERER]) },
  { files: ['preload/electron-preload.ts'], rules: electronRule([IPC_MAIN]) },
  {
    files: ['renderer/**', 'preload/bridge-client.ts', 'preload/web-bridge.ts'],
    rules: electronRule([ELECTRON_TYPES_ONLY, IPC_MAIN, IPC_RENDERER], [CONTRACT_TYPES_ONLY]),
  },
);
