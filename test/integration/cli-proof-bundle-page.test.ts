import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSha256, verifierPage } from '../../main/core/receipts/verifier-page.ts';
import { PUBLISHED_VERIFIER_PAGE_SHA256, PUBLISHED_VERIFIER_PAGES } from '../../main/core/receipts/published-page.ts';
import { pageWords } from '../../main/cli/commands/verifier-page.ts';
import { jsonCli, runCli } from '../support/cli.ts';
import packageJson from '../../package.json' with { type: 'json' };

/**
 * A page a receiver can check: verify.html is the page as built, byte-identical in every bundle of
 * a release (receipts beside it, never inside), its SHA-256 printed by `receipt export --bundle`,
 * written in the bundle's README.txt with how to check it, and the same as `verifier-page` writes.
 */

const root = mkdtempSync(join(tmpdir(), 'notarium-bundle-page-'));
const work = join(root, 'work');
const env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
const cli = (...args: string[]) => runCli(args, { env, cwd: work });
const json = jsonCli(cli);
const sha256sum = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

beforeAll(async () => {
  mkdirSync(env.NOTARIUM_HOME, { recursive: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, 'lease.pdf'), 'The lease, signed.\n');
  writeFileSync(join(work, 'deed.pdf'), 'The deed, another file altogether.\n');
  const done = await cli('notarise', 'lease.pdf', '--wait');
  expect(done.code, done.stderr).toBe(0);
  expect((await cli('notarise', 'deed.pdf', '--document', '--wait')).code).toBe(0);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the verifier page of a proof bundle', () => {
  it('two bundles of different files carry the same verify.html, whose SHA-256 is the one printed and written in README.txt', async () => {
    const lease = await cli('receipt', 'export', 'lease.pdf', '--bundle', '-o', 'lease-bundle');
    const deed = await json('receipt', 'export', 'deed.pdf', '--bundle', '-o', 'deed-bundle');
    expect(lease.code, lease.stderr).toBe(0);
    expect(deed.code, deed.stderr).toBe(0);
    const leasePage = join(work, 'lease-bundle', 'verify.html');
    const deedPage = join(work, 'deed-bundle', 'verify.html');
    expect(readFileSync(leasePage)).toEqual(readFileSync(deedPage));
    expect(readFileSync(leasePage, 'utf8')).toBe(verifierPage().html);
    const figure = sha256sum(leasePage);
    expect(figure).toBe(pageSha256(verifierPage().html));
    // Printed: in words, and in --json.
    expect(lease.stdout).toContain(`verify.html SHA-256 ${figure}: the same in every bundle of this version; README.txt says how to check it`);
    expect(deed.value).toMatchObject({ verifierSha256: figure, readme: join(work, 'deed-bundle', 'README.txt') });
    // README.txt: the figure, how to compute it, and the ways to do without this copy.
    for (const folder of ['lease-bundle', 'deed-bundle']) {
      const readme = readFileSync(join(work, folder, 'README.txt'), 'utf8');
      expect(readme).toContain(`\n  ${figure}\n`);
      expect(readme).toContain('sha256sum verify.html');
      // Which published figure to compare with: the version that wrote the bundle.
      expect(readme).toContain(`Proof bundle written by Notarium ${packageJson.version} on `);
      expect(readme).toContain(`publishes for version ${packageJson.version}, which the\nsender does not control`);
      expect(readme).toContain('notarium verifier-page -o DIR');
      // Where the figure to compare with is, beyond the sender's reach: the documentation's page, and one's own Notarium.
      expect(readme).toContain(`docs/evidence.md, section "The verifier page's SHA-256"`);
      expect(readme).toContain('"notarium verify <this folder>" compares\n    verify.html with the figure published for it');
      expect(readme).toMatch(/It cannot vouch for itself/);
    }
    expect(readFileSync(join(work, 'deed-bundle', 'README.txt'), 'utf8')).toMatch(/deed\.pdf\.v1\.receipt\.json +a receipt/);
    // Receipts beside the page, never inside it.
    const receipt = readFileSync(join(work, 'lease-bundle', 'lease.pdf.receipt.json'), 'utf8');
    expect(readFileSync(leasePage, 'utf8')).not.toContain(JSON.parse(receipt).registration.txId);
  });

  it('verify BUNDLE/ gives the verdicts of its receipts, and says what its page and README.txt are, never unknown files', async () => {
    // The bundle as it arrives: receipts, page and README, no file: each receipt verified alone.
    const alone = await json('verify', 'lease-bundle');
    expect(alone.code, alone.stderr).toBe(3);
    const [receipt, ...bundled] = alone.value;
    expect(receipt).toMatchObject({ path: join(work, 'lease-bundle', 'lease.pdf.receipt.json'), status: 'partially-verified' });
    const figure = pageSha256(verifierPage().html);
    expect(bundled).toEqual([
      {
        path: join(work, 'lease-bundle', 'README.txt'),
        bundleFile: 'readme',
        sha256: null,
        published: null,
        asWritten: 'as-written',
        message: expect.stringMatching(/^The proof bundle's README, written by Notarium .*, word for word as this version writes it/),
      },
      {
        path: join(work, 'lease-bundle', 'verify.html'),
        bundleFile: 'page',
        sha256: figure,
        published: true,
        asWritten: null,
        message: expect.stringContaining(`its SHA-256, ${figure}, is the one published for Notarium ${packageJson.version}`),
      },
    ]);
    expect(alone.value.some((r: { status?: string }) => r.status === 'unknown')).toBe(false);
    // With the file put beside its receipt: verified, exit 0, and the page said to be the published one.
    writeFileSync(join(work, 'lease-bundle', 'lease.pdf'), readFileSync(join(work, 'lease.pdf')));
    const checked = await cli('verify', 'lease-bundle');
    expect(checked.code, checked.stdout).toBe(0);
    expect(checked.stdout).toMatch(/^VERIFIED \(TEST CHAIN\) +lease-bundle\/lease\.pdf$/m);
    expect(checked.stdout).toMatch(/^bundle page +lease-bundle\/verify\.html\n +The proof bundle's verifier page: its SHA-256/m);
    expect(checked.stdout).toMatch(/^bundle readme +lease-bundle\/README\.txt$/m);
    expect(checked.stdout).toMatch(/^1 file: 1 verified, 0 partially verified, 0 mismatch, 0 pending, 0 unknown, 0 unreadable$/m);

    // A page edited by whoever sent it: said to be not the published one (the receipts' verdicts are Notarium's own).
    mkdirSync(join(work, 'edited-bundle'));
    for (const name of ['lease.pdf', 'lease.pdf.receipt.json', 'README.txt'])
      writeFileSync(join(work, 'edited-bundle', name), readFileSync(join(work, 'lease-bundle', name)));
    writeFileSync(join(work, 'edited-bundle', 'verify.html'), verifierPage().html.replace('</body>', '<!-- edited --></body>'));
    const edited = await json('verify', 'edited-bundle');
    expect(edited.code).toBe(0);
    expect(edited.value.find((r: { bundleFile?: string }) => r.bundleFile === 'page')).toMatchObject({
      published: false,
      message: expect.stringMatching(
        new RegExp(
          `^The proof bundle's verifier page is NOT the one published for Notarium ${packageJson.version.replaceAll('.', '\\.')}: .*do not trust what it says`,
        ),
      ),
    });
    // Its mark stripped as well: beside the bundle's README.txt, it is still judged as the bundle's page.
    writeFileSync(
      join(work, 'edited-bundle', 'verify.html'),
      verifierPage()
        .html.replace(/<meta name="generator"[^>]*>/, '')
        .replace('</body>', '<!-- edited --></body>'),
    );
    const stripped = await json('verify', 'edited-bundle');
    expect(stripped.value.find((r: { bundleFile?: string }) => r.bundleFile === 'page')).toMatchObject({ published: false });
    // A README.txt and a verify.html that are not Notarium's stay files like any other.
    mkdirSync(join(work, 'not-a-bundle'));
    writeFileSync(join(work, 'not-a-bundle', 'README.txt'), 'My own notes.\n');
    const plain = await json('verify', 'not-a-bundle');
    expect(plain.value).toEqual([expect.objectContaining({ path: join(work, 'not-a-bundle', 'README.txt'), status: 'unknown' })]);
  });

  it("verify BUNDLE/ reads its README.txt against what this version writes: an edit, another version's figure, a version that never was", async () => {
    const original = readFileSync(join(work, 'lease-bundle', 'README.txt'), 'utf8');
    const page = verifierPage().html;
    const bundleWith = async (name: string, readme: string, html = page) => {
      mkdirSync(join(work, name));
      writeFileSync(join(work, name, 'lease.pdf.receipt.json'), readFileSync(join(work, 'lease-bundle', 'lease.pdf.receipt.json')));
      writeFileSync(join(work, name, 'README.txt'), readme);
      writeFileSync(join(work, name, 'verify.html'), html);
      const { value } = await json('verify', name);
      const of = (role: string) => value.find((r: { bundleFile?: string }) => r.bundleFile === role);
      return { readme: of('readme'), page: of('page') };
    };
    // Copied through another system (CR LF): still word for word.
    expect((await bundleWith('crlf-bundle', original.replace(/\n/g, '\r\n'))).readme).toMatchObject({ asWritten: 'as-written' });
    // One instruction changed: edited, and said so.
    const edited = await bundleWith('readme-edited', original.replace('sha256sum verify.html', 'sha256sum README.txt'));
    expect(edited.readme).toMatchObject({
      asWritten: 'edited',
      message: expect.stringMatching(/^The proof bundle's README\.txt was EDITED after Notarium .* wrote it: .*Do not follow its instructions\./),
    });
    // The page and the README's figure edited together: the page is judged by its own SHA-256, the README's figure said not to be the page's.
    const forgedPage = page.replace('</body>', '<!-- edited --></body>');
    const figure = pageSha256(page);
    const both = await bundleWith(
      'figure-edited',
      original.replace(
        figure,
        pageSha256(forgedPage).replace(/^./, (c) => (c === '0' ? '1' : '0')),
      ),
      forgedPage,
    );
    expect(both.page).toMatchObject({ published: false });
    expect(both.readme.message).toMatch(/But the SHA-256 it gives for verify\.html \([0-9a-f]{64}\) is not that page's \([0-9a-f]{64}\)/);
    // A README naming an earlier version that never published a figure: edited too.
    const earlier = await bundleWith(
      'earlier-version',
      original.replace(/^Proof bundle written by Notarium \S+/, 'Proof bundle written by Notarium 0.0.9'),
      forgedPage,
    );
    expect(earlier.readme).toMatchObject({
      asWritten: 'edited',
      message: expect.stringMatching(
        /^The proof bundle's README\.txt was EDITED: it says Notarium 0\.0\.9 wrote it, a version before this one that never published a page's figure\./,
      ),
    });
    // The same with the genuine page beside it: the README alone is said to be edited.
    const earlierAlone = await bundleWith(
      'earlier-genuine-page',
      original.replace(/^Proof bundle written by Notarium \S+/, 'Proof bundle written by Notarium 0.0.9'),
    );
    expect(earlierAlone.readme).toMatchObject({ asWritten: 'edited' });
    expect(earlierAlone.page).toMatchObject({ published: true });
    expect(earlier.page.message).toContain(
      "says Notarium 0.0.9 wrote the bundle, a version before this one that never published a page's figure, so the README was edited too",
    );
    // A later one (or none that exists): compared with that version's published figure, never the README's.
    const later = await bundleWith(
      'later-version',
      original.replace(/^Proof bundle written by Notarium \S+/, 'Proof bundle written by Notarium 99.0.0'),
      forgedPage,
    );
    expect(later.page.message).toContain('a version after this one, or one that does not exist: compare the figure with the one published for that version');
    expect(PUBLISHED_VERIFIER_PAGES[packageJson.version]).toBe(PUBLISHED_VERIFIER_PAGE_SHA256);
  });

  it('--lang writes README.txt in French or German; verify BUNDLE/ reads it word for word, and an edit of it as edited', async () => {
    for (const [lang, words] of [
      ['fr', 'Pour vérifier'],
      ['de', 'Zum Prüfen'],
    ] as const) {
      const made = await cli('receipt', 'export', 'lease.pdf', '--bundle', '--lang', lang, '-o', `lease-bundle-${lang}`);
      expect(made.code, made.stderr).toBe(0);
      const folder = join(work, `lease-bundle-${lang}`);
      const readme = readFileSync(join(folder, 'README.txt'), 'utf8');
      expect(readme).toContain(words);
      expect(readme).toContain(pageSha256(verifierPage().html));
      // The page is the same in every bundle, whatever the README's language.
      expect(sha256sum(join(folder, 'verify.html'))).toBe(sha256sum(join(work, 'lease-bundle', 'verify.html')));
      const of = async () =>
        ((await json('verify', `lease-bundle-${lang}`)).value as { bundleFile?: string; asWritten?: string }[]).find((r) => r.bundleFile === 'readme');
      expect(await of()).toMatchObject({ asWritten: 'as-written' });
      writeFileSync(join(folder, 'README.txt'), readme.replace(words, `${words}!`));
      expect(await of()).toMatchObject({ asWritten: 'edited' });
    }
    // Without --bundle there is no README to write in a language.
    const alone = await cli('receipt', 'export', 'lease.pdf', '--lang', 'fr', '-o', 'lease-alone');
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('give it with --bundle');
  });

  it("a README.txt where the bundle goes that is not a bundle's is the user's: the bundle leaves it alone, and says so", async () => {
    mkdirSync(join(work, 'notes'));
    writeFileSync(join(work, 'notes', 'README.txt'), 'My own notes about the lease.\n');
    const kept = await cli('receipt', 'export', 'lease.pdf', '--bundle', '-o', 'notes');
    expect(kept.code).toBe(2);
    expect(kept.stderr).toMatch(/README\.txt is a file Notarium did not write, so it was left alone\. Export the bundle into another folder with -o/);
    expect(readFileSync(join(work, 'notes', 'README.txt'), 'utf8')).toBe('My own notes about the lease.\n');
    // A bundle's own README.txt is Notarium's, and is written afresh.
    const again = await cli('receipt', 'export', 'lease.pdf', '--bundle', '-o', 'lease-bundle');
    expect(again.code, again.stderr).toBe(0);
  });

  it("the documentation publishes this version's figure: the page as built, so a receiver's check can succeed", () => {
    const figure = pageSha256(verifierPage().html);
    // The figure the CLI compares with (an installed app has no docs/) is the one published, and the page as built.
    expect(PUBLISHED_VERIFIER_PAGE_SHA256, 'published-page.ts must hold the page as built now, as docs/evidence.md does').toBe(figure);
    const published = readFileSync('docs/evidence.md', 'utf8');
    expect(
      published.includes(figure),
      `docs/evidence.md ("The verifier page's SHA-256") must publish ${figure}, the page as built now: a bundle's README.txt sends its receiver there`,
    ).toBe(true);
  });

  it('verifier-page -o DIR writes the same page, and prints the same SHA-256', async () => {
    const own = await cli('verifier-page', '-o', 'own');
    expect(own.code, own.stderr).toBe(0);
    const figure = pageSha256(verifierPage().html);
    expect(own.stdout).toMatch(new RegExp(`^${figure}  .*/own/verify\\.html$`, 'm'));
    expect(own.stdout).toContain('and as its documentation publishes.');
    expect((await json('verifier-page', '-o', 'own')).value).toMatchObject({ asBuilt: true, published: true });
    // A build whose page is not the published one says so, never that it is.
    const other = pageWords('0'.repeat(64), undefined);
    expect(other).not.toContain('and as its documentation publishes');
    expect(other).toContain(`not the one its documentation publishes for this version (${figure})`);
    expect(sha256sum(join(work, 'own', 'verify.html'))).toBe(figure);
    expect(readFileSync(join(work, 'own', 'verify.html'))).toEqual(readFileSync(join(work, 'lease-bundle', 'verify.html')));
    // With a block lookup of one's own choosing: another page, said to be so.
    const lookup = await json('verifier-page', '-o', 'own-lookup', '--block-lookup', 'https://api.whatsonchain.com/v1/bsv/main/block/hash/{blockHash}');
    expect(lookup.value).toMatchObject({ asBuilt: false });
    expect(lookup.value.sha256).not.toBe(figure);
    const refused = await cli('verifier-page', '-o', 'bad', '--block-lookup', 'https://{blockHash}.example/');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/is not a block lookup/);
    expect((await cli('verifier-page')).code).toBe(2);
    // A verify.html that Notarium did not write is left alone.
    mkdirSync(join(work, 'mine'));
    writeFileSync(join(work, 'mine', 'verify.html'), '<p>my own page</p>');
    const kept = await cli('verifier-page', '-o', 'mine');
    expect(kept.code).toBe(2);
    expect(kept.stderr).toMatch(/is a file Notarium did not write, so it was left alone/);
    expect(readFileSync(join(work, 'mine', 'verify.html'), 'utf8')).toBe('<p>my own page</p>');
  });

  it('the page never claims to vouch for itself, and says how to check it', () => {
    const html = verifierPage().html;
    expect(html).not.toMatch(/Notarium's own verifier/);
    expect(html).toContain('This page cannot vouch for itself');
  });
});
