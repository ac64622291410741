import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every relative link of the documentation resolves, anchors included, and stays in the
// repository (a clone has nothing beside it); every page is reachable from the README.

const ROOT = resolve(new URL('../../../', import.meta.url).pathname);
/** Not documentation: dependencies, builds, test output and the pinned toolchain. */
const SKIPPED = new Set(['node_modules', 'dist', 'out', 'release', 'coverage', 'test-results', '.notarium-dev', '.git', '.ci']);

function markdownFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (SKIPPED.has(relative(ROOT, path))) return [];
    if (e.isDirectory()) return markdownFiles(path);
    return e.name.endsWith('.md') ? [path] : [];
  });
}

/** A page's text without its fenced code blocks, where a `#` line is no heading and nothing is a link. */
function withoutBlocks(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
}

/** A page's text with its code (fenced and inline) taken out: a link shown as code is no link. */
function prose(text: string): string {
  return withoutBlocks(text).replace(/`[^`\n]*`/g, '');
}

/** The anchors GitHub gives a page's headings (and explicit `<a id>` / `<a name>`). */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of withoutBlocks(text).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = m[1]!
      .toLowerCase()
      .replace(/<[^>]+>/g, '')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  for (const m of text.matchAll(/<a (?:id|name)="([^"]+)"/g)) out.add(m[1]!);
  return out;
}

/** A page's relative link targets: markdown links and images, and HTML src/href. */
function links(text: string): string[] {
  const body = prose(text);
  return [...body.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g), ...body.matchAll(/\s(?:src|href)="([^"]+)"/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

const pages = markdownFiles();
const textOf = new Map(pages.map((p) => [p, readFileSync(p, 'utf8')]));

describe('the documentation', () => {
  it('has its pages', () => {
    expect(pages.map((p) => relative(ROOT, p))).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'CHANGELOG.md']));
  });

  it('links only to files and headings that exist, inside the repository', () => {
    const broken: string[] = [];
    for (const page of pages) {
      for (const target of links(textOf.get(page)!)) {
        const [path, anchor] = target.split('#') as [string, string | undefined];
        const file = path === '' ? page : resolve(dirname(page), decodeURIComponent(path));
        const where = `${relative(ROOT, page)} → ${target}`;
        if (relative(ROOT, file).startsWith('..')) broken.push(`${where} (outside the repository)`);
        else if (!existsSync(file)) broken.push(`${where} (no such file)`);
        else if (anchor !== undefined && file.endsWith('.md') && !anchors(readFileSync(file, 'utf8')).has(anchor)) broken.push(`${where} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('is reachable from the README, every page of it', () => {
    const reached = new Set<string>();
    const next = [join(ROOT, 'README.md')];
    while (next.length > 0) {
      const page = next.pop()!;
      if (reached.has(page)) continue;
      reached.add(page);
      for (const target of links(textOf.get(page) ?? '')) {
        const path = target.split('#')[0]!;
        if (path === '') continue;
        let file = resolve(dirname(page), decodeURIComponent(path));
        if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'README.md');
        if (textOf.has(file)) next.push(file);
      }
    }
    expect(pages.filter((p) => !reached.has(p)).map((p) => relative(ROOT, p))).toEqual([]);
  });

  it('names only repository files that exist, where it names one in backticks', () => {
    const gone: string[] = [];
    for (const page of pages) {
      for (const named of namedFiles(textOf.get(page)!)) {
        if (!repoFiles.some((f) => f === named || f.endsWith(`/${named}`))) gone.push(`${relative(ROOT, page)} → ${named}`);
      }
    }
    expect(gone).toEqual([]);
  });
});

/** Every file of the repository (not its dependencies or builds), as a path from its root. */
const repoFiles = (function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (SKIPPED.has(relative(ROOT, path))) return [];
    return e.isDirectory() ? walk(path) : [relative(ROOT, path)];
  });
})(ROOT);

/**
 * The repository files a page names in backticks: a path with a folder and an extension
 * (`main/core/app-paths.ts`, or a tail of one, `usecases/verify.ts`), or a test file by its name.
 * A path with a placeholder, or a home or absolute path, is not one: a planned file is named without backticks.
 */
function namedFiles(text: string): string[] {
  const named = [...withoutBlocks(text).matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
  return named.filter(
    (n) =>
      ((/^[\w.@-]+(\/[\w.@-]+)+\.[a-z]{1,5}$/.test(n) && !n.startsWith('.')) || /^[\w.-]+\.test\.ts$/.test(n)) &&
      !GENERATED.some((prefix) => n.startsWith(prefix)) &&
      !NOT_OURS.has(n),
  );
}

/** Folders a build, an install or a test run makes: named, never committed. */
const GENERATED = ['node_modules/', 'dist/', 'test-results/', 'build/icon.png'];

/** Names that look like this repository's files and are not: Electron's own sources (the Electron shell's page cites them), and example paths. */
const NOT_OURS = new Set([
  'shell/browser/native_window_views_win.cc',
  'content/common/child_process_host_impl.cc',
  'lib/utility/api/module-list.ts',
  'lib/common/api/net-client-request.ts',
  'a/report.pdf',
  'b/report.pdf',
  'DIR/verify.html',
]);
