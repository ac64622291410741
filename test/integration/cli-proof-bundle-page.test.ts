import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageSha256, verifierPage } from '../../main/core/receipts/verifier-page.ts';
import { PUBLISHED_VERIFIER_PAGE_SHA256 } from '../../main/core/receipts/published-page.ts';
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
      expect(readme).toContain(`publishes for version ${packageJson.version}\n`);
      expect(readme).toContain('notarium verifier-page -o DIR');
      expect(readme).toMatch(/It cannot vouch for itself/);
    }
    expect(readFileSync(join(work, 'deed-bundle', 'README.txt'), 'utf8')).toMatch(/deed\.pdf\.v1\.receipt\.json +a receipt/);
    // Receipts beside the page, never inside it.
    const receipt = readFileSync(join(work, 'lease-bundle', 'lease.pdf.receipt.json'), 'utf8');
    expect(readFileSync(leasePage, 'utf8')).not.toContain(JSON.parse(receipt).registration.txId);
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
