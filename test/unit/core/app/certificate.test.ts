import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { certificateHtml } from '../../../../main/core/app/certificate.ts';
import type { Profile } from '../../../../main/core/store/profiles.ts';
import type { StoredRecord } from '../../../../main/core/store/record.ts';
import { decodeQr } from '../../../support/certificate-checks.ts';
import { FILE_CONTENT, FILE_DIGEST, makeFixture, type Draft } from '../../../support/receipt-fixture.ts';

// The certificate's "check it by hand" commands are pasted into a shell; a
// file's name must reach the command as a name, never as shell syntax.

const dir = mkdtempSync(join(tmpdir(), 'notarium-cert-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { receipt } = makeFixture();
const recordNamed = (name: string) =>
  ({
    name,
    size: FILE_CONTENT.length,
    sha256: FILE_DIGEST.toString('hex'),
    txId: receipt.registration.txId,
    blockHash: receipt.confirmation!.blockHash,
    blockTime: null,
  }) as unknown as StoredRecord;
const unescapeHtml = (html: string) => html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/** The commands the certificate offers, as a person would copy them. */
async function commands(name: string): Promise<{ posix: string; macos: string; powershell: string; html: string }> {
  const html = await certificateHtml(recordNamed(name), { ...receipt, file: { ...receipt.file, name } }, undefined);
  const code = (prefix: string) => {
    const found = [...html.matchAll(/<code>(.*?)<\/code>/gs)].map((m) => unescapeHtml(m[1]!.replace(/<[^>]+>/g, ''))).find((c) => c.startsWith(prefix));
    if (!found) throw new Error(`no ${prefix} command in the certificate`);
    return found;
  };
  return { posix: code('sha256sum '), macos: code('shasum '), powershell: code('Get-FileHash '), html };
}

const HOSTILE = [
  'report$(touch pwned-1).pdf',
  'report`touch pwned-2`.pdf',
  'it\'s "quoted".pdf',
  'a;touch pwned-3;b.pdf',
  '-n.pdf',
  '*.pdf',
  '$HOME & ${IFS}|x.pdf',
  'back\\slash.pdf',
];

describe('the certificate: how to check it by hand', () => {
  it.each(HOSTILE)('the POSIX command for %j hashes exactly that file and runs nothing else', async (name) => {
    writeFileSync(join(dir, name), FILE_CONTENT);
    const { posix, macos } = await commands(name);
    expect(macos).toBe(posix.replace(/^sha256sum /, 'shasum -a 256 '));
    for (const shell of ['dash', 'bash']) {
      const run = spawnSync(shell, ['-c', posix], { cwd: dir, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout.replace(/^\\/, '').slice(0, 64)).toBe(FILE_DIGEST.toString('hex'));
      expect(run.stdout.split('\n').filter(Boolean)).toHaveLength(1); // one file, not a glob's worth
    }
    expect(readdirSync(dir).filter((n) => n.startsWith('pwned'))).toEqual([]);
  });

  it.each(HOSTILE)('the PowerShell command quotes %j as one literal string', async (name) => {
    const { powershell } = await commands(name);
    const quoted = powershell.slice('Get-FileHash -Algorithm SHA256 -LiteralPath '.length);
    expect(quoted).toMatch(/^'.*'$/s);
    // Inside single quotes PowerShell expands nothing; a quote is only ever doubled.
    expect(quoted.slice(1, -1).replaceAll("''", '')).not.toContain("'");
    expect(quoted.slice(1, -1).replaceAll("''", "'")).toBe(name);
  });

  it('PowerShell typographic quotes are doubled too', async () => {
    const { powershell } = await commands('o\u2019clock \u2018x\u2019.pdf');
    expect(powershell).toBe("Get-FileHash -Algorithm SHA256 -LiteralPath 'o\u2019\u2019clock \u2018\u2018x\u2019\u2019.pdf'");
  });

  it.each([
    ['two\nlines.pdf', 'two\\nlines.pdf'],
    ['tab\there.pdf', 'tab\\there.pdf'],
    ['report\u202efdp.exe', 'report\\u202efdp.exe'],
    ['esc\u001b[2J.pdf', 'esc\\u001b[2J.pdf'],
  ])('a name that cannot be copied faithfully (%j) is not put in a command: FILE stands for it, and the name is shown escaped', async (name, shown) => {
    const { posix, powershell, html } = await commands(name);
    expect(posix).toBe('sha256sum -- FILE');
    expect(powershell).toBe('Get-FileHash -Algorithm SHA256 -LiteralPath FILE');
    expect(html).toMatch(/type it in place of <code>FILE<\/code>/);
    expect(html).not.toContain(name);
    expect(unescapeHtml(html)).toContain(`<th>File</th><td><code>${shown}</code>`);
  });

  it('says which shell each command is for', async () => {
    const { html } = await commands('contract.pdf');
    // Each command's fixed words stay on one line (a break between "--"'s hyphens read as two commands); the name may wrap.
    expect(html).toContain('in a terminal on Linux or macOS (a POSIX shell: sh, bash, zsh), <code><span class="whole">sha256sum --</span> contract.pdf</code>');
    expect(html).toContain('(on macOS without coreutils, <code><span class="whole">shasum -a 256 --</span> contract.pdf</code>)');
    expect(html).toContain(
      'in Windows PowerShell, <code><span class="whole">Get-FileHash -Algorithm SHA256 -LiteralPath</span> &#39;contract.pdf&#39;</code>, which prints it in capitals.',
    );
    expect(html).toMatch(/\.whole \{ white-space: nowrap; \}/);
    // A time in a sentence stays whole too ("2026-" at a line's end, "11-27T…" on the next, read as two things).
    expect(html).toMatch(/ <span class="whole">\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z<\/span>/);
    expect(existsSync(join(dir, 'pwned-1'))).toBe(false);
  });
});

// The certificate says the outcome it shows, and text from a receipt cannot reorder it.
describe('the certificate: the outcome, first', () => {
  const box = (html: string) => /<div class="outcome (\w+)">(.*?)<\/div>/s.exec(html);
  const without = (edit: (r: Draft) => void) => {
    const r = structuredClone(receipt) as unknown as Draft;
    edit(r);
    return r as unknown as typeof receipt;
  };

  it('a verified receipt on a test chain says so: its proof of work proves nothing', async () => {
    const html = await certificateHtml(recordNamed('contract.pdf'), receipt, undefined);
    expect(box(html)?.[1]).toBe('test');
    expect(box(html)?.[2]).toMatch(/<strong>Verified on sandbox, a test chain: its proof of work proves nothing<\/strong>/);
    expect(html).not.toMatch(/class="outcome verified"/);
  });

  it('a partially verified receipt is not in the green box: its heading says so and it lists what is unproven', async () => {
    const html = await certificateHtml(
      recordNamed('contract.pdf'),
      without((r) => delete r.transaction),
      undefined,
    );
    expect(box(html)?.[1]).toBe('partial');
    expect(box(html)?.[2]).toMatch(/<strong>Partially verified, not verified<\/strong>/);
    expect(box(html)?.[2]).toMatch(/<ul class="unproven">\n<li>That transaction [0-9a-f]{64} carries this fingerprint/);
  });

  it('imported evidence held as partially verified reads so, whatever its receipt checks to: its confirmations are the receipt’s claim, and its date is not Notarium’s', async () => {
    const imported = { ...recordNamed('contract.pdf'), proofOutcome: 'partially-verified', network: 'sandbox' } as StoredRecord;
    const html = await certificateHtml(imported, receipt, undefined, { verifier: { html: '', script: 'void 0', style: '' } });
    expect(box(html)?.[1]).toBe('partial');
    expect(box(html)?.[2]).toMatch(/<strong>Partially verified, not verified<\/strong>/);
    expect(html).not.toMatch(/Verified on sandbox/);
    expect(unescapeHtml(html)).toMatch(
      new RegExp(`<th>Confirmations</th><td><code>${receipt.confirmation!.confirmedBlocks}, as its imported receipt claims \\(not verified\\)</code>`),
    );
    expect(html).not.toMatch(/Issued by Notarium/);
    // Its embedded check reads the receipt alone: the certificate says what the library holds it as.
    expect(unescapeHtml(html)).toMatch(
      /The check below reads the receipt alone\. Notarium holds it as imported evidence, partially verified: on a test chain anyone can mine a header/,
    );
  });

  it('no certificate for a receipt that fails, with a sentence saying why', async () => {
    const other = { ...recordNamed('contract.pdf'), sha256: 'ab'.repeat(32) } as StoredRecord;
    await expect(certificateHtml(other, receipt, undefined)).rejects.toThrow(
      /^No certificate is made for contract\.pdf: its proof does not verify\. Verification failed at the file digest step/,
    );
  });

  it('bidirectional overrides and controls from a receipt are shown as escapes, in what it proves and the block time', async () => {
    // No header: what it proves quotes the receipt's blockTimestamp.
    const r = without((d) => {
      d.confirmation.merkleProof.targetType = 'hash';
      d.confirmation.merkleProof.target = d.confirmation.blockHash;
      d.confirmation.blockTimestamp = '2026-11-19\u202e (unchecked)\u001b[8m';
    });
    const record = { ...recordNamed('contract.pdf'), blockTime: 'noon\u2066 evil\u2069' } as StoredRecord;
    const html = await certificateHtml(record, r, undefined);
    for (const c of ['\u202e', '\u2066', '\u2069', '\u001b']) expect(html).not.toContain(c);
    expect(box(html)?.[2]).toContain('2026-11-19\\u202e (unchecked)\\u001b[8m');
    expect(html).toContain('<code>noon\\u2066 evil\\u2069</code>');
  });

  it("a test chain's certificate says TEST first, in words no one can miss", async () => {
    const html = await certificateHtml(recordNamed('contract.pdf'), receipt, undefined);
    expect(/<body>\n(.*)\n/.exec(html)?.[1]).toBe('<p class="test-mark">TEST — sandbox chain: not a proof on mainnet</p>');
  });

  it('an explorer link breaks only after its separators, its transaction id kept whole', async () => {
    const profile = { explorerLinkUrl: 'https://explorer.example/tx/{txId}?net=main&x=1' } as Profile;
    const html = await certificateHtml(recordNamed('contract.pdf'), receipt, profile);
    const { txId } = receipt.registration;
    expect(html).toContain(`<code>https:/<wbr>/<wbr>explorer.example/<wbr>tx/<wbr>${txId}?<wbr>net=<wbr>main&#38;<wbr>x=<wbr>1</code>`);
    expect(html).not.toMatch(/break-all/);
  });
});

// A printed certificate's link and QR code are for someone else, later, on another
// machine; the embedded sandbox's explorer answers only on 127.0.0.1 of the machine that registered.
describe('the certificate: its explorer link and QR code', () => {
  const { txId } = receipt.registration;
  const explorerRow = (html: string) => /<tr><th>Explorer<\/th><td[^>]*>(.*?)<\/td><\/tr>/s.exec(html)?.[1];

  it("a public explorer's page is printed and is what the QR code holds", async () => {
    const profile = { explorerLinkUrl: 'https://explorer.example/tx/{txId}' } as Profile;
    const html = await certificateHtml(recordNamed('contract.pdf'), receipt, profile);
    expect(decodeQr(html)).toBe(`https://explorer.example/tx/${txId}`);
    expect(explorerRow(html)).toContain(`href="https://explorer.example/tx/${txId}"`);
    expect(html).toContain('Scan to see the transaction in an explorer');
  });

  it('the embedded sandbox: no loopback link and no QR code, but the TEST mark and why there is no link', async () => {
    const profile = { explorerLinkUrl: 'http://127.0.0.1:40039/explorer/tx/{txId}' } as Profile;
    const html = await certificateHtml(recordNamed('contract.pdf'), receipt, profile);
    expect(html).not.toContain('127.0.0.1');
    expect(html).not.toMatch(/<svg|Scan to see/);
    expect(decodeQr(html)).toBeNull();
    expect(html).toContain('<p class="test-mark">TEST — sandbox chain: not a proof on mainnet</p>');
    expect(explorerRow(html)).toBe(
      'No public link: the sandbox chain is simulated by the Notarium sandbox that registered this file, and no public explorer shows it. The receipt file holds the proof.',
    );
    // Checking by hand sends no one to an explorer that does not exist: the receipt holds the transaction.
    expect(html).not.toContain('in any explorer of the sandbox network');
    expect(html).toContain('is on a simulated chain that no public explorer shows: the receipt file holds it whole');
  });

  it("a sandbox profile's certificate says the same before its address is known", async () => {
    const html = await certificateHtml(recordNamed('contract.pdf'), receipt, undefined);
    expect(explorerRow(html)).toMatch(/^No public link: the sandbox chain is simulated/);
  });

  it('an explorer on a private network is not printed either, and the certificate says where it answers', async () => {
    const profile = { explorerLinkUrl: 'http://192.168.1.20:8080/tx/{txId}' } as Profile;
    const regtest = { ...receipt, network: 'regtest' } as typeof receipt;
    const html = await certificateHtml(recordNamed('contract.pdf'), regtest, profile);
    expect(decodeQr(html)).toBeNull();
    expect(html).not.toContain('href="http://192.168.1.20');
    expect(explorerRow(html)).toBe(
      "No public link: the profile's explorer, at <code>192.168.1.20:8080</code>, answers only on the computer or network that registered this file. The receipt file holds the proof.",
    );
  });
});
