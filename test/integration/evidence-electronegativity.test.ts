import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildDesktop } from '../../scripts/build-desktop.ts';

// Electronegativity (Doyensec's Electron checker) on the code that runs in Electron's main process
// and the preload, with no finding allowed (the tool itself always exits 0, so its results are read).
//
// It is run on the sources that go into the built bundles (main/electron + preload), not on the
// bundles themselves, for two reasons seen on dist/: its parser stops at class private fields in a
// bundled chunk ("Unknown node type ClassPrivateProperty"), so part of the bundle would go unchecked;
// and bundling strips the two reviewed `eng-disable OPEN_EXTERNAL_JS_CHECK` notes in
// shell-abilities.ts (that check flags every openExternal whose URL is not a literal, for a person to
// review; ours are validated first, see security-checklist.test.ts item 14). The test builds the
// bundles and checks that every source file of ours in them was scanned.
//
// The CSP is sent by the app:// protocol handler with every answer, which the tool cannot follow; it
// is given the same policy as the page's meta tag, so its CSP evaluation judges our real policy.

// app-protocol.ts (for its CSP) imports electron, whose binary is not installed here.
vi.mock('electron', () => import('../unit/electron/electron-mock.ts'));

const ROOT = resolve(import.meta.dirname, '../..');
const scanDir = mkdtempSync(join(tmpdir(), 'notarium-eng-'));
const buildDir = mkdtempSync(join(tmpdir(), 'notarium-eng-build-'));
afterAll(() => {
  rmSync(scanDir, { recursive: true, force: true });
  rmSync(buildDir, { recursive: true, force: true });
});

interface Issue {
  id: string;
  file: string;
  location: { line: number; column: number };
  sample?: string;
  manualReview?: boolean;
}
type Run = (options: {
  input: string;
  electronVersionOverride?: string;
}) => Promise<{ globalChecks: number; atomicChecks: number; errors: { file: string; message: string; tolerable: boolean }[]; issues: Issue[] }>;

/** The tool's own CSP evaluator finds nothing in the policy but the question about script-src 'self'. */
function maybeOnlySelf(policy: string): boolean {
  const evaluator = createRequire(import.meta.url)('@doyensec/csp-evaluator') as {
    CspParser: new (s: string) => { csp: unknown };
    CspEvaluator: new (c: unknown, v: unknown) => { evaluate(): { severity: number; directive: string; value: string }[] };
    Version: { CSP3: unknown };
    severities: Record<string, number>;
  };
  const items = new evaluator.CspEvaluator(new evaluator.CspParser(policy).csp, evaluator.Version.CSP3).evaluate();
  const serious = items.filter((f) => f.severity < evaluator.severities.STRICT_CSP!);
  return (
    serious.length === 0 &&
    items.filter((f) => f.severity === evaluator.severities.MEDIUM_MAYBE).every((f) => f.directive === 'script-src' && f.value === "'self'")
  );
}

describe('electronegativity', () => {
  it('reports no finding on the main-process and preload code', async () => {
    const { APP_CSP } = await import('../../main/electron/app-protocol.ts');
    cpSync(join(ROOT, 'main', 'electron'), join(scanDir, 'main', 'electron'), { recursive: true });
    cpSync(join(ROOT, 'preload'), join(scanDir, 'preload'), { recursive: true });
    writeFileSync(join(scanDir, 'index.html'), `<!doctype html><meta http-equiv="Content-Security-Policy" content="${APP_CSP}"><title>Notarium</title>`);

    // Every file of ours the bundles are made of lies in the scanned folders.
    const built = await buildDesktop(buildDir);
    const inputs = [...Object.keys(built.metafiles.main.inputs), ...Object.keys(built.metafiles.preload.inputs)];
    const electronSide = inputs.filter((f) => f.startsWith('main/electron/') || f.startsWith('preload/'));
    expect(electronSide).toContain('main/electron/window.ts');
    expect(electronSide).toContain('preload/electron-preload.ts');
    // Files of ours elsewhere that are about Electron (the SQLite build the launcher and the engine share) are scanned too.
    const aboutElectron = inputs.filter((f) => f.includes('electron') && !electronSide.includes(f) && !f.startsWith('node_modules/'));
    expect(aboutElectron).toEqual(['main/core/electron-sqlite-build.ts']);
    for (const f of aboutElectron) cpSync(join(ROOT, f), join(scanDir, f));

    const require = createRequire(import.meta.url);
    // The tool asks servers for translations of its messages (got, 1 s, two retries) and for
    // Electron's release list (got and got.head). Tests reach no host but 127.0.0.1, and got's retry
    // after its own timeout can reject with nobody listening (an unhandled "onCancel handler was
    // attached after the promise settled" failed a CI run), so the tool's got answers "offline" at
    // once: the tool then uses its bundled English messages and skips the release lookup, as on
    // any machine without those servers.
    const toolEntry = require.resolve('@doyensec/electronegativity');
    const gotPath = createRequire(toolEntry).resolve('got');
    const offline = Object.assign(() => Promise.reject(new Error('offline: tests reach no host but 127.0.0.1')), {
      head: () => Promise.reject(new Error('offline: tests reach no host but 127.0.0.1')),
    });
    require.cache[gotPath] = {
      id: gotPath,
      filename: gotPath,
      path: dirname(gotPath),
      loaded: true,
      exports: offline,
      children: [],
      paths: [],
    } as unknown as NodeJS.Module;
    const loaded = require('@doyensec/electronegativity') as Run | { default: Run };
    const run = typeof loaded === 'function' ? loaded : loaded.default; // CommonJS build: the function itself
    const electronVersion = (JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')) as { version: string }).version;
    const result = await run({ input: scanDir, electronVersionOverride: electronVersion });
    // One item is a question for a person, not a finding: the CSP evaluator (MEDIUM_MAYBE) asks
    // whether 'self' in script-src serves JSONP, Angular or user uploads. On app://notarium/ it
    // serves only the built renderer, read-only (app-protocol.test.ts: nothing outside it). It is
    // reported, and matched exactly: a weak policy (HIGH or MEDIUM) or any other item still fails.
    const reviewed = (i: Issue) => i.id === 'CSP_GLOBAL_CHECK' && i.manualReview === true && i.sample === APP_CSP && maybeOnlySelf(APP_CSP);
    const findings = result.issues.filter((i) => !reviewed(i)).map((i) => `${i.id} ${i.file.replace(scanDir, '')}:${i.location.line} ${i.sample ?? ''}`.trim());
    console.log(
      `electronegativity: ${result.globalChecks + result.atomicChecks} checks on main/electron + preload; ${findings.length} findings, ${result.errors.length} parse errors; reviewed: ${result.issues.length - findings.length} (CSP: 'self' in script-src, manual review)`,
    );
    expect(result.atomicChecks).toBeGreaterThan(20);
    expect(result.errors).toEqual([]);
    expect(findings).toEqual([]);
  });
});
