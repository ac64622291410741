import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEntry } from '../../bin/cli-entry.js';
import { buildCli, buildCliIfChanged } from '../../scripts/build-cli.ts';
import { runCli } from '../support/cli.ts';

// `notarium` runs the bundle `npm ci` builds (dist/cli), and the sources only in a development tree
// without a current one. Every other CLI test runs bin/notarium.js on the bundle the integration
// setup builds (test/support/cli-build.ts): the first test checks that is so.

const REPO = resolve(import.meta.dirname, '../..');

describe('the bin in this tree', () => {
  it('runs the bundle the test setup built: the CLI tests exercise what users run', async () => {
    expect(cliEntry(pathToFileURL(`${REPO}/`))).toEqual({ entry: pathToFileURL(join(REPO, 'dist/cli/main.js')), built: true });
    const r = await runCli(['--version']);
    expect(r).toMatchObject({ code: 0, stdout: expect.stringMatching(/^notarium \d+\.\d+\.\d+/) });
  });
});

describe('the bin in a development tree of its own', () => {
  const tree = mkdtempSync(join(tmpdir(), 'notarium-cli-tree-'));
  let metafile: Metafile;
  const help = () => spawnSync(process.execPath, [join(tree, 'bin', 'notarium.js'), '--help'], { encoding: 'utf8' });
  const editHelp = (file: string, mark: string) =>
    writeFileSync(file, readFileSync(file, 'utf8').replace(/Usage( \([^)]*\))?: notarium <command>/, `Usage (${mark}): notarium <command>`));

  beforeAll(async () => {
    for (const part of ['main', 'preload', 'verifier', 'sandbox', 'bin', 'package.json', 'tsconfig.json']) {
      cpSync(join(REPO, part), join(tree, part), { recursive: true, preserveTimestamps: true });
    }
    symlinkSync(join(REPO, 'node_modules'), join(tree, 'node_modules'));
    ({ metafile } = await buildCli(tree));
  });
  afterAll(() => rmSync(tree, { recursive: true, force: true }));

  it('runs the bundle while it is the build of the sources', () => {
    editHelp(join(tree, 'dist', 'cli', 'main.js'), 'bundle');
    expect(help()).toMatchObject({ status: 0, stdout: expect.stringMatching(/^Usage \(bundle\)/) });
  });

  it('runs the sources once one is edited after the build, and the rebuilt bundle after that', async () => {
    editHelp(join(tree, 'main', 'cli', 'main.ts'), 'edited sources');
    expect(help()).toMatchObject({ status: 0, stdout: expect.stringMatching(/^Usage \(edited sources\)/) });
    await buildCli(tree);
    editHelp(join(tree, 'dist', 'cli', 'main.js'), 'rebuilt bundle');
    expect(help()).toMatchObject({ status: 0, stdout: expect.stringMatching(/^Usage \(rebuilt bundle\)/) });
  });

  it("npm start's build of the CLI: run when the bin would run the sources, skipped while it runs the bundle", async () => {
    const bundleChosen = () => cliEntry(pathToFileURL(`${tree}/`)).built;
    expect(bundleChosen()).toBe(true);
    expect(await buildCliIfChanged(tree)).toBe('unchanged');
    // Touched, not changed (a checkout, an editor's save): the bin runs the bundle still, so no build.
    const source = join(tree, 'main', 'cli', 'options.ts');
    utimesSync(source, new Date(), new Date(Date.now() + 5000));
    expect(bundleChosen()).toBe(true);
    expect(await buildCliIfChanged(tree)).toBe('unchanged');
    editHelp(join(tree, 'dist', 'cli', 'main.js'), 'touched');
    expect(help()).toMatchObject({ status: 0, stdout: expect.stringMatching(/^Usage \(touched\)/) });
    // Changed: the bin would run the sources, so the start builds, and the bin runs the new bundle.
    editHelp(join(tree, 'main', 'cli', 'main.ts'), 'started');
    expect(bundleChosen()).toBe(false);
    expect(await buildCliIfChanged(tree)).toBe('built');
    expect(bundleChosen()).toBe(true);
    expect(help()).toMatchObject({ status: 0, stdout: expect.stringMatching(/^Usage \(started\)/) });
  });

  it('runs the sources where the bundle is missing, and the bundle where the sources are', async () => {
    rmSync(join(tree, 'dist'), { recursive: true });
    expect(help()).toMatchObject({ status: 0, stdout: expect.stringMatching(/^Usage \(started\)/) });
    await buildCli(tree);
    editHelp(join(tree, 'dist', 'cli', 'main.js'), 'packaged');
    rmSync(join(tree, 'main', 'cli', 'main.ts'));
    expect(help()).toMatchObject({ status: 0, stdout: expect.stringMatching(/^Usage \(packaged\)/) });
  });

  it('without the verifier page (`npm run build` not run): a proof bundle says what is missing and what to run, NOT_BUILT', () => {
    const home = join(tree, 'home');
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [join(tree, 'bin', 'notarium.js'), ...args], { cwd: tree, encoding: 'utf8', env: { ...process.env, NOTARIUM_HOME: home } });
    writeFileSync(join(tree, 'lease.pdf'), 'The lease, signed.\n');
    const bundle = run('receipt', 'export', 'lease.pdf', '--bundle', '-o', 'for-the-notary');
    expect(bundle.status).toBe(2);
    expect(bundle.stderr).toMatch(
      /^notarium receipt export: The offline verifier page is not built .*dist\/verifier-page\/verify\.html.*run "npm run build".* \[NOT_BUILT\]$/m,
    );
    expect(bundle.stderr).not.toMatch(/INTERNAL/);
    const page = run('verifier-page', '-o', 'own', '--json');
    expect(page.status).toBe(2);
    expect(JSON.parse(page.stdout)).toMatchObject({ error: { code: 'NOT_BUILT', message: expect.stringMatching(/npm run build/) } });
  });

  /** The modules a file of the bundle loads before it runs: its static imports, transitively. */
  function loadedWith(output: string): { sources: string[]; packages: string[] } {
    const outputs = metafile.outputs;
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (o: string) => {
      if (seen.has(o)) return;
      seen.add(o);
      for (const i of outputs[o]!.imports) {
        if (i.external) packages.add(i.path);
        else if (i.kind === 'import-statement') visit(i.path);
      }
    };
    visit(output);
    return { sources: [...seen].flatMap((o) => Object.keys(outputs[o]!.inputs)), packages: [...packages].filter((p) => !p.startsWith('node:')) };
  }
  const command = (name: string) => Object.keys(metafile.outputs).find((o) => o.endsWith('.js') && o.includes(`/chunks/${name}-`))!;

  it('bundles in the packages of many small modules (zod, jose…), and leaves the native ones to node_modules', () => {
    const imported = new Set(Object.values(metafile.outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path)));
    expect([...imported].filter((p) => /^(zod|jose|chokidar)(\/|$)/.test(p))).toEqual([]);
    expect(Object.keys(metafile.inputs).filter((f) => /node_modules\/(zod|jose)\//.test(f)).length).toBeGreaterThan(0);
    expect(imported).toContain('better-sqlite3');
  });

  it('loads no command for --help, and the sandbox, the web shell and Chromium printing only with their commands', () => {
    const entry = loadedWith(Object.keys(metafile.outputs).find((o) => o.endsWith('dist/cli/main.js'))!);
    expect(entry.packages).toEqual([]);
    expect(entry.sources.filter((s) => s.includes('/commands/'))).toEqual([]);
    const heavy = (s: string) => s.startsWith('sandbox/') || s.startsWith('main/web/');
    for (const name of ['verify', 'receipt', 'hash', 'notarise', 'status']) {
      const loaded = loadedWith(command(name));
      expect({ name, heavy: loaded.sources.filter(heavy) }).toEqual({ name, heavy: [] });
    }
    expect(loadedWith(command('hash')).packages).toEqual([]);
    expect(loadedWith(command('app')).sources).toEqual(expect.arrayContaining(['main/web/web-app.ts', 'main/core/print/chromium-pdf.ts']));
    expect(loadedWith(command('sandbox')).sources).toContain('sandbox/index.ts');
  });

  it('verify and receipt load no zod: a receipt is checked by hand, and what zod checks (the engine, profiles) loads only when opened', () => {
    const zod = (name: string) => loadedWith(command(name)).sources.filter((s) => s.includes('node_modules/zod/'));
    expect({ verify: zod('verify'), receipt: zod('receipt') }).toEqual({ verify: [], receipt: [] });
    expect(zod('profile').length).toBeGreaterThan(0); // the same reading finds zod where a command does load it
  });
});
