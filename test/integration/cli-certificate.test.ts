import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonCli, runCli } from '../support/cli.ts';
import { pdfText } from '../support/certificate-checks.ts';

/**
 * `notarium receipt certificate`: the Library's certificate from the command line, beside the file
 * by default, in the language --lang names (English otherwise), printed to PDF by Chromium with
 * --pdf; the command's own output stays English.
 */

const root = mkdtempSync(join(tmpdir(), 'notarium-cli-certificate-'));
const work = join(root, 'work');
const out = join(root, 'out');
const env = {
  NOTARIUM_HOME: join(root, 'home'),
  NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2',
  NOTARIUM_BASE_URL: '',
  NOTARIUM_API_KEY: '',
  NOTARIUM_CHROMIUM: '/usr/bin/chromium',
};
const cli = (...args: string[]) => runCli(args, { env, cwd: work });
const json = jsonCli(cli);
let txId = '';

beforeAll(async () => {
  mkdirSync(env.NOTARIUM_HOME, { recursive: true });
  mkdirSync(work, { recursive: true });
  mkdirSync(out, { recursive: true });
  writeFileSync(join(work, 'acte de vente.pdf'), 'Acte de vente, signé.\n');
  const done = await json('notarise', 'acte de vente.pdf', '--wait');
  expect(done.code, done.stderr).toBe(0);
  txId = done.value[0].record.txId as string;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('receipt certificate', () => {
  it('writes the English certificate beside the file by default, and prints its path', async () => {
    const r = await cli('receipt', 'certificate', 'acte de vente.pdf');
    expect(r.code, r.stderr).toBe(0);
    const path = join(work, 'acte de vente.pdf.certificate.html');
    expect(r.stdout.trim()).toBe(path);
    const html = readFileSync(path, 'utf8');
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<h1>Certificate of registration</h1>');
    // The HTML one checks itself: it carries the receipt and the verifier's script.
    expect(html).toContain('<script type="application/json" id="notarium-receipt">');
  });

  it('--lang fr by txId into a folder: the French certificate, with the same hashes and commands; --json says what it wrote', async () => {
    const r = await json('receipt', 'certificate', txId, '--lang', 'fr', '-o', out);
    expect(r.code, r.stderr).toBe(0);
    const path = join(out, 'acte de vente.pdf.certificate.html');
    expect(r.value).toEqual({ path, format: 'html', language: 'fr' });
    const html = readFileSync(path, 'utf8');
    expect(html).toMatch(/^<!doctype html>\n<html lang="fr">/);
    expect(html).toContain('<h1>Certificat d’enregistrement</h1>');
    expect(html).toContain('Ce certificat est rédigé en français.');
    expect(html).toContain(txId);
    expect(html).toContain('<span class="whole">sha256sum --</span> &#39;acte de vente.pdf&#39;');
    expect(html).not.toContain('Certificate of registration');
  });

  it('--pdf --lang de: printed by Chromium, its text German', async () => {
    const path = join(out, 'urkunde.pdf');
    const r = await cli('receipt', 'certificate', 'acte de vente.pdf', '--pdf', '--lang', 'de', '-o', path);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim()).toBe(path);
    const bytes = readFileSync(path);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(bytes).replace(/\s+/g, ' ');
    expect(text).toContain('Registrierungszertifikat');
    expect(text).toContain('So prüfen Sie es selbst');
    expect(text).toContain(txId);
  }, 60_000);

  it('refuses a language it does not speak, in English, as a usage error', async () => {
    const r = await cli('receipt', 'certificate', 'acte de vente.pdf', '--lang', 'it');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^notarium receipt certificate: --lang must be one of en, fr, de, not "it"\./m);
    expect(existsSync(join(work, 'acte de vente.pdf.certificate.pdf'))).toBe(false);
  });
});
