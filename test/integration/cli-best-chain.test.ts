import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifierPage } from '../../main/core/receipts/verifier-page.ts';
import { closedPort } from '../support/closed-port.ts';
import { jsonCli, runCli, sandboxProfileArgs } from '../support/cli.ts';
import { startTestSandbox, type TestSandbox } from '../support/sandbox-client.ts';

/**
 * Is the receipt's block on the best chain? Online, `verify` and `receipt verify
 * --online` ask the block lookup of the profile that reaches the receipt's service, over HTTP: the
 * embedded sandbox's and a service profile's pass for a mined block; a lookup that does not know
 * the block (404) skips the step as unknown to this lookup, unless the check was required
 * (`verify --require-chain`, `receipt verify --online`): then it fails the file (exit 1,
 * `block-unknown-to-explorer`); one that is down, or none at all, leaves the offline verdict, the
 * step saying why; one that redirects to another origin is not followed. Offline, the step says
 * it was not run.
 */

const root = mkdtempSync(join(tmpdir(), 'notarium-best-chain-'));
const work = join(root, 'work');
const env = { NOTARIUM_HOME: join(root, 'home'), NOTARIUM_SANDBOX_BLOCK_INTERVAL: '0.2', NOTARIUM_BASE_URL: '', NOTARIUM_API_KEY: '' };
let sb: TestSandbox;
/** Another chain altogether: its explorer knows none of sb's blocks. */
let elsewhere: TestSandbox;
/** The embedded sandbox's commands (its own key); `service` those of a profile on sb (sb's key, for the profile named). */
const cli = (...args: string[]) => runCli(args, { env, cwd: work });
const service = (...args: string[]) => runCli(args, { env: { ...env, NOTARIUM_API_KEY: sb.apiKey }, cwd: work });
const json = jsonCli(cli);
const serviceJson = jsonCli(service);

type StepJson = { id: string; status: string; code?: string; detail: string; expected?: string; found?: string };
const chainStep = (value: { steps: StepJson[] }) => value.steps.find((s) => s.id === 'chain')!;
const ISO = '\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ';
const hostOf = (url: string) => new URL(url).host;

beforeAll(async () => {
  [sb, elsewhere] = await Promise.all([startTestSandbox({ blockInterval: 0.2 }), startTestSandbox({ blockInterval: 0.2 })]);
  mkdirSync(work, { recursive: true });
});
afterAll(async () => {
  await Promise.all([sb?.stop(), elsewhere?.stop()]);
  rmSync(root, { recursive: true, force: true });
});

describe('the embedded sandbox: its block lookup is the Sandbox profile default', () => {
  let block: string;
  let source: string;

  beforeAll(async () => {
    writeFileSync(join(work, 'deed.txt'), 'The deed, as signed.\n');
    const done = await json('notarise', 'deed.txt', '--wait');
    expect(done.value[0].record).toMatchObject({ state: 'settled', profile: 'Sandbox' });
    const receipt = JSON.parse(readFileSync(join(work, 'deed.txt.receipt.json'), 'utf8'));
    block = receipt.confirmation.blockHash;
    source = hostOf(receipt.registration.serviceUrl);
  });

  it('verify (online): the chain step passes, naming the height, the confirmations, the source and the time; what it proves says whose word it is', async () => {
    const { code, value } = await json('verify', 'deed.txt');
    expect(code).toBe(0);
    expect(value[0]).toMatchObject({ status: 'verified', outcome: 'verified' });
    const step = chainStep(value[0]);
    expect(step).toEqual({
      id: 'chain',
      status: 'pass',
      label: 'Best chain',
      detail: expect.stringMatching(
        new RegExp(`^Block ${block} is on the best chain at height \\d+ with \\d+ confirmations?, according to ${source} at ${ISO}\\.$`),
      ),
    });
    const [, height, confirmations] = /at height (\d+) with (\d+)/.exec(step.detail)!;
    expect(Number(confirmations)).toBeGreaterThanOrEqual(1);
    expect(value[0].proves).toMatch(
      new RegExp(`${source} answered at ${ISO} that the block is on its best chain, at height ${height} with ${confirmations} confirmations?\\.$`),
    );
    // The same in words, in the step report of one file.
    const text = await cli('verify', 'deed.txt');
    expect(text.stdout).toMatch(new RegExp(`^ {2}pass {2}Best chain +Block ${block} is on the best chain at height ${height} with`, 'm'));
  });

  it('offline, the step is not run, and says what it needs; receipt verify asks only with --online', async () => {
    for (const run of [json('verify', 'deed.txt', '--offline'), json('receipt', 'verify', 'deed.txt.receipt.json', 'deed.txt')]) {
      const { code, value } = await run;
      expect(code).toBe(0);
      const report = Array.isArray(value) ? value[0] : value;
      expect(report.status).toBe('verified');
      expect(chainStep(report)).toMatchObject({
        status: 'skipped',
        code: 'offline',
        detail: 'Needs the network: a block explorer is asked whether the block is on the best chain, which an offline verification does not do.',
      });
      expect(report.proves).not.toMatch(/answered at/);
    }
    // How to ask, in the command line's words: its options, never the app's "Offline" box.
    const said = await cli('receipt', 'verify', 'deed.txt.receipt.json', 'deed.txt');
    for (const label of ['Best chain', 'Service check']) {
      expect(said.stdout).toMatch(
        new RegExp(`^ {2}skip {2}${label} +Needs the network.* Asked online: verify without --offline, or receipt verify --online\\.$`, 'm'),
      );
    }
    expect(said.stdout).not.toMatch(/"Offline"/);
    const online = await json('receipt', 'verify', 'deed.txt.receipt.json', 'deed.txt', '--online');
    expect(online.code).toBe(0);
    expect(chainStep(online.value)).toMatchObject({ status: 'pass', detail: expect.stringContaining(`according to ${source} at `) });
  });
});

describe("a service profile's block lookup", () => {
  const profile = (name: string, ...more: string[]) => cli('profile', 'add', name, ...sandboxProfileArgs(sb.baseUrl), ...more);

  beforeAll(async () => {
    expect((await profile('Looked', '--explorer-block-url', `${sb.baseUrl}/explorer/block/{blockHash}`)).code).toBe(0);
    expect((await profile('Plain')).code).toBe(0);
    for (const name of ['Looked', 'Plain']) {
      writeFileSync(join(work, `${name}.txt`), `Registered through the ${name} profile.\n`);
      const done = await serviceJson('notarise', `${name}.txt`, '--wait', '--profile', name);
      expect(done.value[0].record, done.stderr).toMatchObject({ state: 'settled', profile: name });
    }
  });

  it('passes for a block on its chain, naming its host', async () => {
    const { code, value } = await serviceJson('verify', 'Looked.txt');
    expect(code).toBe(0);
    expect(chainStep(value[0])).toMatchObject({
      status: 'pass',
      detail: expect.stringMatching(
        new RegExp(`is on the best chain at height \\d+ with \\d+ confirmations?, according to ${hostOf(sb.baseUrl)} at ${ISO}\\.$`),
      ),
    });
    const listed = await json('profile', 'list');
    expect(listed.value.find((p: { name: string }) => p.name === 'Looked')).toMatchObject({ explorerBlockUrl: `${sb.baseUrl}/explorer/block/{blockHash}` });
  });

  it('a proof bundle carries the page as built, whatever the lookup of its profile: the same bytes in every bundle', async () => {
    const looked = await serviceJson('receipt', 'export', 'Looked.txt', '--bundle', '-o', 'looked-bundle', '--profile', 'Looked');
    expect(looked.code, looked.stderr).toBe(0);
    expect(readFileSync(looked.value.verifier, 'utf8')).toBe(verifierPage().html);
    const plain = await serviceJson('receipt', 'export', 'Plain.txt', '--bundle', '-o', 'plain-bundle', '--profile', 'Plain');
    expect(plain.code, plain.stderr).toBe(0);
    expect(readFileSync(plain.value.verifier, 'utf8')).toBe(verifierPage().html);
  });

  it('a folder of files in one block asks the lookup once', async () => {
    mkdirSync(join(work, 'minutes'));
    for (const i of [1, 2, 3]) writeFileSync(join(work, 'minutes', `minutes-${i}.txt`), `Minutes of meeting ${i}.\n`);
    const batch = await serviceJson('notarise', 'minutes', '--wait', '--profile', 'Looked');
    expect(batch.code, batch.stderr).toBe(0);
    const lookups = async () => {
      const { routes } = await sb.json<{ routes: { route: string; total: number }[] }>('/__sandbox/requests');
      return routes.find((r) => r.route === 'GET /explorer/block/{blockHash}')?.total ?? 0;
    };
    const before = await lookups();
    const { code, value } = await serviceJson('verify', 'minutes');
    expect(code).toBe(0);
    expect(value.map((r: { status: string }) => r.status)).toEqual(['verified', 'verified', 'verified']);
    expect(value.map((r: { steps: StepJson[] }) => chainStep(r).status)).toEqual(['pass', 'pass', 'pass']);
    expect((await lookups()) - before).toBe(1);
  });

  it('a profile without one skips the step, saying how to set it: the offline verdict stands', async () => {
    const { code, value } = await serviceJson('verify', 'Plain.txt');
    expect(code).toBe(0);
    expect(value[0].status).toBe('verified');
    expect(chainStep(value[0])).toMatchObject({
      status: 'skipped',
      code: 'no-block-lookup',
      detail: expect.stringMatching(
        /^Profile "Plain" has no block lookup, so no explorer was asked whether block [0-9a-f]{64} is on the best chain: set one \(notarium profile add "Plain" --explorer-block-url URL, or Settings\)/,
      ),
    });
  });

  it('a lookup that does not know the block (404): skipped as unknown to this lookup, the offline verdict standing (exit 0)', async () => {
    expect((await profile('Looked', '--explorer-block-url', `${elsewhere.baseUrl}/explorer/block/{blockHash}`)).code).toBe(0);
    const { code, value } = await serviceJson('verify', 'Looked.txt');
    expect(code).toBe(0);
    expect(value[0]).toMatchObject({ status: 'verified', outcome: 'verified' });
    expect(chainStep(value[0])).toMatchObject({
      status: 'skipped',
      code: 'block-unknown-to-lookup',
      detail: expect.stringMatching(
        new RegExp(`^Skipped: block [0-9a-f]{64} is unknown to this lookup \\(${hostOf(elsewhere.baseUrl)} answered 404 at ${ISO}\\)`),
      ),
    });
  });

  it('receipt import, when that lookup does not know the block: refused, as receipt verify --online fails it', async () => {
    const elsewhereLookup = `${elsewhere.baseUrl}/explorer/block/{blockHash}`;
    const receiver = { ...env, NOTARIUM_HOME: join(root, 'receiver-home'), NOTARIUM_API_KEY: sb.apiKey };
    const receive = (...args: string[]) => runCli(args, { env: receiver, cwd: work });
    expect((await receive('profile', 'add', 'Looked', ...sandboxProfileArgs(sb.baseUrl), '--explorer-block-url', elsewhereLookup)).code).toBe(0);
    // The profile in use, so that NOTARIUM_API_KEY is its key.
    expect((await receive('profile', 'use', 'Looked')).code).toBe(0);
    const words = await receive('receipt', 'import', 'Looked.txt.receipt.json');
    expect(words.code, words.stdout).toBe(2);
    expect(words.stdout + words.stderr).toMatch(
      new RegExp(`does not verify: .*there is no block [0-9a-f]{64}: the explorer does not know it \\(it answered 404\\)`),
    );
    // Not the hint for a block left behind: no other block holds it either.
    expect(words.stdout + words.stderr).not.toContain('receipt upgrade');
    const verified = await runCli(['receipt', 'verify', 'Looked.txt.receipt.json', 'Looked.txt', '--online'], { env: receiver, cwd: work });
    expect(verified.code).toBe(1);
    const status = await runCli(['status', 'Looked.txt', '--offline'], { env: receiver, cwd: work });
    expect(status.code).not.toBe(0);
  });

  it('required (--require-chain, receipt verify --online): a lookup that does not know the block fails the file at the chain step (exit 1), with the code, in JSON and in words', async () => {
    expect((await profile('Looked', '--explorer-block-url', `${elsewhere.baseUrl}/explorer/block/{blockHash}`)).code).toBe(0);
    const { code, value } = await serviceJson('verify', 'Looked.txt', '--require-chain');
    expect(code).toBe(1);
    expect(value[0]).toMatchObject({ status: 'mismatch', outcome: 'failed', failedStep: 'chain' });
    expect(chainStep(value[0])).toMatchObject({
      status: 'fail',
      code: 'block-unknown-to-explorer',
      detail: expect.stringMatching(
        new RegExp(`^According to ${hostOf(elsewhere.baseUrl)} at ${ISO}, there is no block [0-9a-f]{64}: the explorer does not know it`),
      ),
      expected: 'a block the explorer knows',
      found: 'unknown (404)',
    });
    expect(value[0].message).toMatch(/^Verification failed at the best chain step: According to /);
    const text = await service('receipt', 'verify', 'Looked.txt.receipt.json', 'Looked.txt', '--online');
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^ {2}FAIL {2}Best chain +According to .* \[block-unknown-to-explorer\]$/m);
  });

  it('a lookup that is down: the step is skipped with the reason, and the offline verdict stands (exit 0)', async () => {
    const down = `http://127.0.0.1:${await closedPort()}/explorer/block/{blockHash}`;
    expect((await profile('Looked', '--explorer-block-url', down)).code).toBe(0);
    const { code, value } = await serviceJson('verify', 'Looked.txt');
    expect(code).toBe(0);
    expect(value[0]).toMatchObject({ status: 'verified', outcome: 'verified' });
    expect(chainStep(value[0])).toMatchObject({
      status: 'skipped',
      code: 'explorer-unreachable',
      detail: expect.stringMatching(
        new RegExp(
          `^The block lookup at ${hostOf(down.replace('{blockHash}', ''))} could not be asked whether block [0-9a-f]{64} is on the best chain, so that was not checked: .*refused the connection`,
        ),
      ),
    });
    expect(value[0].proves).toMatch(/test chain/);
  });

  it('profile add refuses a block lookup without {blockHash} after its host, saying what it must be', async () => {
    for (const [url, why] of [
      ['https://explorer.example/block/', 'must contain {blockHash}'],
      ['https://{blockHash}.example/', 'must hold {blockHash} after its host'],
      ['not a url {blockHash}', 'must be a whole address'],
    ]) {
      const refused = await profile('Looked', '--explorer-block-url', url!);
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain(`The profile's explorer block lookup URL ${why}`);
    }
  });
});
