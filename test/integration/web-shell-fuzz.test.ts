import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { isErrorCode } from '../../main/core/errors/catalogue.ts';
import { BRIDGE_MAX_MESSAGE } from '../../main/web/web-server.ts';
import { CALL_NAMES, CALLS, type CallName } from '../../preload/contract.ts';
import { buildRenderer, launchApp, openBridge, tradeLaunch } from '../support/web-app.ts';

// Evidence for issue #11 (item 2): the real web shell (`notarium app --no-open` on a fresh data
// directory) gets a few hundred malformed argument lists for every call of the contract, over its
// bridge with a proper session, as a hostile or broken page would send them: wrong types, wrong
// arity, huge strings, deep nesting, prototype-pollution keys, values JSON turns into Infinity,
// near-misses of real arguments. Each must get an error answer (a catalogue code and a sentence),
// the process must stay up (a good call still answers at the end), and nothing may be written.
// Seeded: NOTARIUM_FUZZ_SEED=<n> replays a run.

const SEED = Number(process.env.NOTARIUM_FUZZ_SEED ?? 20251111);
const PER_CALL = 300;

const root = mkdtempSync(join(tmpdir(), 'notarium-fuzz-'));
const home = join(root, 'data');
const userHome = join(root, 'home');
const cwd = join(root, 'cwd');
let app: Awaited<ReturnType<typeof launchApp>>;
let ws: WebSocket;

/** Every file under a folder with its size: what "nothing written" is checked against. */
function tree(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const path = join(d, name);
      const s = statSync(path);
      if (s.isDirectory()) walk(path);
      else out.push(`${relative(dir, path)} ${s.size}`);
    }
  };
  walk(dir);
  return out.sort();
}

/** The library's own files change size as SQLite works; everything else must stay as it was. */
const stable = (files: string[]) => files.filter((f) => !/^library\.sqlite(-wal|-shm)? /.test(f) && !/^sandbox\//.test(f));

// ---- What a hostile page sends ----

/** Values that JSON cannot carry as such: written into the message text in place of their marker. */
const RAW = { '"<Infinity>"': '1e999', '"<-Infinity>"': '-1e999', '"<-0>"': '-0', '"<2^64>"': '18446744073709551616' };
const POLLUTION = ['{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}', '{"kind":"upload","uploadId":"x","__proto__":{"isAdmin":true}}'];

const huge = fc.constantFrom(1000, 70_000, 1_000_000).map((n) => 'x'.repeat(n));
const text = fc.oneof(
  { arbitrary: fc.string(), weight: 4 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 4 },
  { arbitrary: fc.constantFrom('', ' ', '../../etc/passwd', '\u0000', 'Sandbox', 'sandbox', '*'.repeat(300)), weight: 4 },
  { arbitrary: huge, weight: 1 },
);
const leaf = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53 + 2, Number.MAX_VALUE, -0.0001, '<Infinity>', '<-Infinity>', '<-0>', '<2^64>'),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  text,
);
/** Near-misses of the contract's own shapes: the checks past the first level are reached too. */
const nearMiss = fc.oneof(
  fc.uuid(),
  fc.record({ kind: fc.constantFrom('upload', 'path', 'url', 'UPLOAD'), uploadId: fc.oneof(fc.uuid(), text), path: fc.oneof(text, leaf) }, { requiredKeys: [] }),
  fc.record({ limit: fc.oneof(fc.integer(), leaf), offset: fc.oneof(fc.integer(), leaf), search: text, states: fc.array(text, { maxLength: 9 }), sort: text }, { requiredKeys: [] }),
  fc.record({ include: fc.array(text, { maxLength: 70 }), exclude: fc.oneof(leaf, fc.array(leaf, { maxLength: 3 })), stableSeconds: leaf, recursive: leaf, receipts: text }, { requiredKeys: [] }),
  fc.record({ name: text, baseUrl: text, network: text, targetConfirmations: leaf, clientId: leaf, extra: leaf }, { requiredKeys: [] }),
  fc.record({ document: leaf, offline: leaf, receipt: leaf }, { requiredKeys: [] }),
);
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, nearMiss, fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(fc.oneof(text, fc.constantFrom('kind', 'path', 'name', 'toString', 'valueOf')), tie('value'), { maxKeys: 4 })),
}));
/** An arrays nested `n` deep, as text (a page could send it; JSON.stringify would not need to). */
const deep = fc.integer({ min: 100, max: 20_000 }).map((n) => ({ rawArgs: `[${'['.repeat(n)}${']'.repeat(n)}]` }));
const pollution = fc.constantFrom(...POLLUTION).chain((p) => fc.nat(3).map((at) => ({ rawArgs: `[${[...Array(at).fill('null'), p].join(',')}]` })));
const argLists = fc.oneof(
  { arbitrary: fc.array(value, { maxLength: 6 }).map((args) => ({ args })), weight: 8 },
  { arbitrary: deep, weight: 1 },
  { arbitrary: pollution, weight: 1 },
);
type ArgList = { args: unknown[] } | { rawArgs: string };

function messageText(id: number, method: string, list: ArgList): string {
  let args = 'rawArgs' in list ? list.rawArgs : JSON.stringify(list.args);
  for (const [marker, raw] of Object.entries(RAW)) args = args.split(marker).join(raw);
  return `{"id":${id},"method":${JSON.stringify(method)},"args":${args}}`;
}

/** Whether a message is not for this run: past the frame limit (it closes the connection, see web-shell.test.ts), or the contract takes its arguments (so they are not malformed). */
function unfit(method: CallName, text: string): boolean {
  return Buffer.byteLength(text) > BRIDGE_MAX_MESSAGE || CALLS[method].safeParse((JSON.parse(text) as { args: unknown }).args).success;
}

/** Messages that are not well-formed calls (numbered ones below 0, apart from the fuzzed calls' ids). */
const NOT_CALLS = [
  '', 'null', '[]', '7', '"appInfo"', '{}', '{"id":-101}', '{"id":"1","method":"appInfo","args":[]}', '{"id":1.5,"method":"appInfo","args":[]}',
  '{"id":-102,"method":"appInfo","args":{}}', '{"id":-103,"method":"appInfo","args":null}', '{"id":-104,"method":"__proto__","args":[]}',
  '{"id":-105,"method":"constructor","args":[]}', '{"id":-106,"method":"toString","args":[]}', '{"__proto__":{"id":-107}}',
  '{"id":1e999,"method":"appInfo","args":[]}', 'not json', '{"id":-108,"method":"appInfo","args":[]', '\u0000',
  '{"id":-109,"method":"appInfo","args":["x"]}', // the message of the issue
];

// ---- The run ----

interface Answer {
  id: number | null;
  result?: unknown;
  error?: { code: string; message: string };
}

beforeAll(async () => {
  for (const dir of [home, userHome, cwd]) mkdirSync(dir, { recursive: true });
  buildRenderer();
  const env = { NOTARIUM_HOME: home, HOME: userHome, XDG_DATA_HOME: join(userHome, '.local/share'), XDG_CONFIG_HOME: join(userHome, '.config'), NOTARIUM_SANDBOX_BLOCK_INTERVAL: '1' };
  app = await launchApp(env, { cwd });
  ws = await openBridge(await tradeLaunch(app.link));
}, 120_000);

afterAll(async () => {
  ws?.close();
  app?.run.child.kill('SIGTERM');
  await app?.run;
  rmSync(root, { recursive: true, force: true });
});

describe('the web shell under malformed calls', () => {
  it('answers every malformed call with an error, stays up, and writes nothing', async () => {
    const answers = new Map<number, Answer>();
    const unnumbered: Answer[] = [];
    ws.on('message', (data) => {
      const a = JSON.parse(String(data)) as Answer & { event?: string };
      if (a.event !== undefined) return;
      if (typeof a.id === 'number') answers.set(a.id, a);
      else unnumbered.push(a);
    });
    const before = { data: stable(tree(home)), home: tree(userHome), cwd: tree(cwd) };

    // Every call, PER_CALL lists the contract refuses, from a seed per call.
    let id = 0;
    let skipped = 0;
    const sent: { id: number; method: CallName }[] = [];
    for (const [n, method] of CALL_NAMES.entries()) {
      const first = id + 1;
      for (let round = 0; id - first + 1 < PER_CALL; round++) {
        for (const list of fc.sample(argLists, { seed: SEED + n * 1000 + round, numRuns: PER_CALL })) {
          if (id - first + 1 === PER_CALL) break;
          const text = messageText(id + 1, method, list);
          if (unfit(method, text)) skipped++;
          else {
            ws.send(text);
            sent.push({ id: ++id, method });
          }
        }
      }
      await expect.poll(() => answers.size - first + 1, { timeout: 60_000 }).toBe(PER_CALL);
    }
    for (const m of NOT_CALLS) ws.send(m);
    await expect.poll(() => unnumbered.length + answers.size, { timeout: 20_000 }).toBe(sent.length + NOT_CALLS.length);

    // Each an error: a catalogue code and a sentence (no stack, no echo of a huge input).
    const codes: Record<string, number> = {};
    const bad: string[] = [];
    const all = [...answers.values(), ...unnumbered];
    expect(all).toHaveLength(sent.length + NOT_CALLS.length);
    for (const a of all) {
      const e = a?.error;
      if (!e || a.result !== undefined) bad.push(`no error: ${JSON.stringify(a).slice(0, 200)}`);
      else if (!isErrorCode(e.code) || !/^[A-Z"].*[.!]$/s.test(e.message) || e.message.length > 400 || /\n\s+at /.test(e.message)) bad.push(`not a sentence: ${JSON.stringify(e).slice(0, 300)}`);
      else codes[e.code] = (codes[e.code] ?? 0) + 1;
    }
    expect(bad).toEqual([]);

    // Still up: a good call answers, and nothing the calls could have done was done.
    expect(app.run.child.exitCode).toBeNull();
    const good = new Promise<Answer>((resolve) => ws.on('message', (d) => (JSON.parse(String(d)) as Answer).id === -1 && resolve(JSON.parse(String(d)))));
    ws.send(JSON.stringify({ id: -1, method: 'appInfo', args: [] }));
    expect((await good).result).toEqual({ version: expect.any(String), shell: 'web', filePaths: false });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const state = await Promise.all(
      (
        [
          ['listProfiles', []],
          ['queryRecords', [{ limit: 10, offset: 0 }]],
          ['listWatchedFolders', []],
          ['listDocuments', []],
        ] as const
      ).map(([method, args], i) => {
        const n = -10 - i;
        return new Promise<unknown>((resolve) => {
          ws.on('message', (d) => {
            const a = JSON.parse(String(d)) as Answer;
            if (a.id === n) resolve(a.result);
          });
          ws.send(JSON.stringify({ id: n, method, args }));
        });
      }),
    );
    expect(state).toEqual([[expect.objectContaining({ name: 'Sandbox', current: true, apiKeySet: true })], { records: [], total: 0 }, [], []]);
    expect({ data: stable(tree(home)), home: tree(userHome), cwd: tree(cwd) }).toEqual(before);
    expect(app.stderr()).not.toMatch(/\n\s+at /); // no stack printed either

    const total = sent.length + NOT_CALLS.length;
    const byCode = Object.entries(codes)
      .map(([c, n]) => `${c} ${n}`)
      .join(', ');
    console.log(
      `web shell fuzz (seed ${SEED}): ${CALL_NAMES.length} calls × ${PER_CALL} malformed argument lists + ${NOT_CALLS.length} messages that are not calls = ${total} sent; ` +
        `${total} error answers (${byCode}), 0 results, 0 unanswered; ${skipped} generated lists not sent (the contract takes them, or past the 4 MiB frame limit); ` +
        `the process stayed up (appInfo answered after), nothing written (data directory, home and working directory unchanged)`,
    );
  }, 300_000);
});
