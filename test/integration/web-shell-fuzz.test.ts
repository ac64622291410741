import { connect } from 'node:net';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { isErrorCode } from '../../main/core/errors/catalogue.ts';
import { BRIDGE_MAX_MESSAGE } from '../../main/web/web-server.ts';
import { HANG_LIMIT_MS } from '../support/hang-limit.ts';
import { CALL_NAMES, CALLS, type CallName } from '../../preload/contract.ts';
import { BRIDGE_PROTOCOL, SESSION_HEADER, SESSION_PROTOCOL_PREFIX } from '../../preload/web-session.ts';
import { launchApp, openBridge, tradeLaunch, type NodeSession } from '../support/web-app.ts';

// Evidence: the real web shell (`notarium app --no-open` on a fresh data
// directory) gets a few hundred malformed argument lists for every call of the contract, over its
// bridge with a proper session, as a hostile or broken page would send them: wrong types, wrong
// arity, huge strings, deep nesting, prototype-pollution keys, values JSON turns into Infinity,
// near-misses of real arguments. Each must get an error answer (a catalogue code and a sentence),
// the process must stay up (a good call still answers at the end), and nothing may be written.
// Then the same shell gets hostile HTTP below the bridge, over raw sockets, as any local process can
// send it: request targets that are no address, absurd and huge headers, wrong methods, partial
// requests, bad subprotocol lists, bad Content-Length on uploads. Each connection must be answered
// or closed by the shell (never a 5xx, never a hang), and the shell must stay up.
// Seeded: NOTARIUM_FUZZ_SEED=<n> replays a run. NOTARIUM_FUZZ_PER_CALL=<n> (default 100) sends more
// lists a call: a soak of 300 a call takes five to fifteen minutes on 2 cores, by the load.

const SEED = Number(process.env.NOTARIUM_FUZZ_SEED ?? 20251111);
const PER_CALL = Number(process.env.NOTARIUM_FUZZ_PER_CALL ?? 100);
const HTTP_CASES = 800;

const root = mkdtempSync(join(tmpdir(), 'notarium-fuzz-'));
const home = join(root, 'data');
const userHome = join(root, 'home');
const cwd = join(root, 'cwd');
let app: Awaited<ReturnType<typeof launchApp>>;
let ws: WebSocket;
let session: NodeSession;

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
const RAW: Record<string, string> = { '"<Infinity>"': '1e999', '"<-Infinity>"': '-1e999', '"<-0>"': '-0', '"<2^64>"': '18446744073709551616' };
const RAW_MARKER = /"<(?:Infinity|-Infinity|-0|2\^64)>"/g;
const POLLUTION = [
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"kind":"upload","uploadId":"x","__proto__":{"isAdmin":true}}',
];

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
  fc.record(
    { kind: fc.constantFrom('upload', 'path', 'url', 'UPLOAD'), uploadId: fc.oneof(fc.uuid(), text), path: fc.oneof(text, leaf) },
    { requiredKeys: [] },
  ),
  fc.record(
    { limit: fc.oneof(fc.integer(), leaf), offset: fc.oneof(fc.integer(), leaf), search: text, states: fc.array(text, { maxLength: 9 }), sort: text },
    { requiredKeys: [] },
  ),
  fc.record(
    {
      include: fc.array(text, { maxLength: 70 }),
      exclude: fc.oneof(leaf, fc.array(leaf, { maxLength: 3 })),
      stableSeconds: leaf,
      recursive: leaf,
      receipts: text,
    },
    { requiredKeys: [] },
  ),
  fc.record({ name: text, baseUrl: text, network: text, targetConfirmations: leaf, clientId: leaf, extra: leaf }, { requiredKeys: [] }),
  fc.record({ document: leaf, offline: leaf, receipt: leaf }, { requiredKeys: [] }),
);
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    nearMiss,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(text, fc.constantFrom('kind', 'path', 'name', 'toString', 'valueOf')), tie('value'), { maxKeys: 4 }),
  ),
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

/**
 * The message as a page would send it. The lists average 160 KB (up to 4 MiB), and making them is
 * most of this file's time, more than the shell's answering: the markers are replaced in one pass,
 * and not looked for in a list that holds none (four passes over every list were a fifth of it).
 */
function messageText(id: number, method: string, list: ArgList): string {
  const json = 'rawArgs' in list ? list.rawArgs : JSON.stringify(list.args);
  const args = json.includes('"<') ? json.replace(RAW_MARKER, (marker) => RAW[marker]!) : json;
  return `{"type":"call","id":${id},"method":${JSON.stringify(method)},"args":${args}}`;
}

/** Whether a message is not for this run: past the frame limit (it closes the connection, see web-shell.test.ts), or the contract takes its arguments (so they are not malformed). */
function unfit(method: CallName, text: string): boolean {
  return Buffer.byteLength(text) > BRIDGE_MAX_MESSAGE || CALLS[method].safeParse((JSON.parse(text) as { args: unknown }).args).success;
}

/** Messages that are not well-formed calls (numbered ones below 0, apart from the fuzzed calls' ids). */
const NOT_CALLS = [
  '',
  'null',
  '[]',
  '7',
  '"appInfo"',
  '{}',
  '{"id":-101}',
  '{"type":"call","id":"1","method":"appInfo","args":[]}',
  '{"type":"call","id":1.5,"method":"appInfo","args":[]}',
  '{"type":"call","id":-102,"method":"appInfo","args":{}}',
  '{"type":"call","id":-103,"method":"appInfo","args":null}',
  '{"type":"call","id":-104,"method":"__proto__","args":[]}',
  '{"type":"call","id":-105,"method":"constructor","args":[]}',
  '{"type":"call","id":-106,"method":"toString","args":[]}',
  '{"__proto__":{"id":-107}}',
  '{"type":"call","id":1e999,"method":"appInfo","args":[]}',
  'not json',
  '{"type":"call","id":-108,"method":"appInfo","args":[]',
  '\u0000',
  '{"type":"call","id":-109,"method":"appInfo","args":["x"]}', // the message of the issue
];

// ---- The run ----

interface Answer {
  type: 'answer';
  id: number | null;
  ok: boolean;
  value?: unknown;
  error?: { code: string; message: string };
}

beforeAll(async () => {
  for (const dir of [home, userHome, cwd]) mkdirSync(dir, { recursive: true });
  const env = {
    NOTARIUM_HOME: home,
    HOME: userHome,
    XDG_DATA_HOME: join(userHome, '.local/share'),
    XDG_CONFIG_HOME: join(userHome, '.config'),
    NOTARIUM_SANDBOX_BLOCK_INTERVAL: '1',
  };
  app = await launchApp(env, { cwd });
  session = await tradeLaunch(app.link);
  ws = await openBridge(session);
});

afterAll(async () => {
  ws?.close();
  app?.run.child.kill('SIGTERM');
  await app?.run;
  rmSync(root, { recursive: true, force: true });
});

describe('the web shell under malformed calls', () => {
  it(
    'answers every malformed call with an error, stays up, and writes nothing',
    async () => {
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
        await expect.poll(() => answers.size - first + 1).toBe(PER_CALL);
      }
      for (const m of NOT_CALLS) ws.send(m);
      await expect.poll(() => unnumbered.length + answers.size).toBe(sent.length + NOT_CALLS.length);

      // Each an error: a catalogue code and a sentence (no stack, no echo of a huge input).
      const codes: Record<string, number> = {};
      const bad: string[] = [];
      const all = [...answers.values(), ...unnumbered];
      expect(all).toHaveLength(sent.length + NOT_CALLS.length);
      for (const a of all) {
        const e = a?.error;
        if (!e || a.ok !== false) bad.push(`no error: ${JSON.stringify(a).slice(0, 200)}`);
        else if (!isErrorCode(e.code) || !/^[A-Z"].*[.!]$/s.test(e.message) || e.message.length > 400 || /\n\s+at /.test(e.message))
          bad.push(`not a sentence: ${JSON.stringify(e).slice(0, 300)}`);
        else codes[e.code] = (codes[e.code] ?? 0) + 1;
      }
      expect(bad).toEqual([]);

      // Still up: a good call answers, and nothing the calls could have done was done.
      expect(app.run.child.exitCode).toBeNull();
      const good = new Promise<Answer>((resolve) => ws.on('message', (d) => (JSON.parse(String(d)) as Answer).id === -1 && resolve(JSON.parse(String(d)))));
      ws.send(JSON.stringify({ type: 'call', id: -1, method: 'appInfo', args: [] }));
      expect((await good).value).toEqual({ version: expect.any(String), shell: 'web', filePaths: false });
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
              if (a.id === n) resolve(a.value);
            });
            ws.send(JSON.stringify({ type: 'call', id: n, method, args }));
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
      // Making the calls (160 KB on average) costs this process more CPU than answering them costs
      // the shell (about 9 and 4 ms a call): the time follows the number of calls and the load. A
      // soak with more lists a call gets a hang limit in proportion.
    },
    Math.max(2, PER_CALL / 50) * HANG_LIMIT_MS,
  );

  it('answers or closes every hostile HTTP request and upgrade, and stays up', async () => {
    const { port } = new URL(session.origin);
    const ours = `127.0.0.1:${port}`;
    const junk = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('', ' ', '\t', '%', '%%', '\u00ff\u00fe', 'a'.repeat(9000)));
    /** Header values: what the shell expects, near misses and nonsense (CR and LF are the framing's, not a value's). */
    const value = (good: string[]) => fc.oneof(fc.constantFrom(...good), junk).map((v) => v.replace(/[\r\n]/g, ' '));
    const target = fc.oneof(
      {
        arbitrary: fc.constantFrom(
          '/',
          '/bridge',
          '/session',
          '/upload',
          '/upload?name=x.pdf',
          `/upload/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
          '/upload/../session',
          '/index.html',
          '/%2e%2e/%2e%2e/etc/passwd',
        ),
        weight: 6,
      },
      {
        arbitrary: fc.constantFrom(
          '//[',
          '//[::1',
          '//[/bridge',
          '//attacker.example/bridge',
          'http://[/',
          'http://attacker.example/',
          '*',
          '/%',
          '/%zz',
          '/%00',
          '/upload/%',
          '?',
          '#',
          '/bridge?'.padEnd(20_000, 'x'),
        ),
        weight: 3,
      },
      junk.map((j) => `/${j.replace(/[\s]/g, '')}`),
      junk.map((j) => j.replace(/[\s]/g, '') || '/'),
    );
    /** A header present most of the time (`absent` in 1 + weight times it is missing). */
    const usually = <T>(arb: fc.Arbitrary<T>, absent = 1, present = 4) =>
      fc.oneof({ arbitrary: fc.constant(undefined), weight: absent }, { arbitrary: arb, weight: present });
    const protocols = fc.oneof(
      fc.constantFrom(
        `${BRIDGE_PROTOCOL}, ${SESSION_PROTOCOL_PREFIX}${session.secret}`,
        '',
        ',,,',
        ' , ',
        'a b',
        '"quoted"',
        `${BRIDGE_PROTOCOL},${BRIDGE_PROTOCOL}`,
        `${SESSION_PROTOCOL_PREFIX}${session.secret}`,
        `${BRIDGE_PROTOCOL}, ${SESSION_PROTOCOL_PREFIX}`,
        `${BRIDGE_PROTOCOL}, ${SESSION_PROTOCOL_PREFIX}${session.secret}, \u00e9`,
      ),
      junk,
    );
    const length = fc.oneof(
      fc.constantFrom('-1', 'abc', '1e3', '0x10', '99999999999999999999', '5, 6', ' 3', '+4', '', String(2 ** 31 + 1)),
      fc.nat(5000).map(String),
    );
    const request = fc.record({
      method: fc.oneof(
        { arbitrary: fc.constantFrom('GET', 'GET', 'GET', 'POST', 'POST', 'DELETE', 'PUT', 'HEAD', 'OPTIONS', 'PATCH', 'TRACE'), weight: 6 },
        fc.constantFrom('CONNECT', 'get', 'G\u0000T', 'BREW'),
        fc.string({ minLength: 1, maxLength: 12 }).map((m) => m.replace(/\s/g, '') || 'X'),
      ),
      target,
      version: fc.oneof({ arbitrary: fc.constant('HTTP/1.1'), weight: 8 }, { arbitrary: fc.constantFrom('HTTP/1.0', 'HTTP/2.0', 'HTTP/9', ''), weight: 1 }),
      host: usually(fc.oneof({ arbitrary: fc.constant(ours), weight: 4 }, value(['attacker.example', 'localhost', `${ours}, ${ours}`]))),
      origin: usually(fc.oneof({ arbitrary: fc.constant(session.origin), weight: 4 }, value(['null', 'http://127.0.0.1:1']))),
      secret: usually(fc.oneof({ arbitrary: fc.constant(session.secret), weight: 4 }, value([`${session.secret}x`]))),
      upgrade: usually(
        fc.record({
          name: value(['websocket', 'websocket', 'h2c']),
          version: value(['13', '13', '8', '-1']),
          key: value(['dGhlIHNhbXBsZSBub25jZQ==', 'dGhlIHNhbXBsZSBub25jZQ==', 'short']),
          protocols: usually(protocols),
        }),
        1,
        1,
      ),
      contentLength: usually(length, 2, 1),
      chunked: fc.constantFrom(false, false, false, false, false, true),
      extra: fc
        .array(
          fc.tuple(
            fc.constantFrom(
              'X-A',
              'Cookie',
              'Expect',
              'Content-Type',
              'Transfer-Encoding',
              'Connection',
              'Host',
              'Content-Length',
              ' Bad',
              'Bad Name',
              'x'.repeat(300),
            ),
            junk,
          ),
          { maxLength: 3 },
        )
        .chain((extra) => fc.constantFrom([], [], extra)),
      many: fc.constantFrom(0, 0, 0, 120, 3000),
      body: fc.oneof(
        { arbitrary: fc.constant(''), weight: 6 },
        { arbitrary: fc.string({ maxLength: 200 }), weight: 1 },
        { arbitrary: fc.constantFrom('0\r\n\r\n', 'zz\r\nbad chunk\r\n', 'x'.repeat(6000)), weight: 1 },
      ),
      cutAt: usually(fc.double({ min: 0, max: 1, noNaN: true }), 4, 1), // a partial request
    });
    const text = (r: typeof request extends fc.Arbitrary<infer T> ? T : never): string => {
      const lines = [`${r.method} ${r.target}${r.version ? ` ${r.version}` : ''}`];
      if (r.host !== undefined) lines.push(`Host: ${r.host}`);
      if (r.origin !== undefined) lines.push(`Origin: ${r.origin}`);
      if (r.secret !== undefined) lines.push(`${SESSION_HEADER}: ${r.secret}`);
      if (r.upgrade) {
        lines.push(`Upgrade: ${r.upgrade.name}`, 'Connection: Upgrade', `Sec-WebSocket-Version: ${r.upgrade.version}`, `Sec-WebSocket-Key: ${r.upgrade.key}`);
        if (r.upgrade.protocols !== undefined) lines.push(`Sec-WebSocket-Protocol: ${r.upgrade.protocols}`);
      }
      if (r.contentLength !== undefined) lines.push(`Content-Length: ${r.contentLength}`);
      if (r.chunked) lines.push('Transfer-Encoding: chunked');
      for (const [name, v] of r.extra) lines.push(`${name}: ${v}`);
      for (let i = 0; i < r.many; i++) lines.push(`X-Many-${i}: ${i}`);
      const whole = `${lines.map((l) => l.replace(/[\r\n]/g, ' ')).join('\r\n')}\r\n\r\n${r.body}`;
      return r.cutAt === undefined ? whole : whole.slice(0, Math.floor(whole.length * r.cutAt));
    };
    /** Writes the bytes, ends our side, and reads what the shell answers until it closes the connection. */
    const send = (bytes: string): Promise<string> =>
      new Promise((resolve) => {
        let answer = '';
        const socket = connect(Number(port), '127.0.0.1', () => socket.end(bytes, 'latin1'));
        socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
        socket.on('error', () => undefined); // a reset is a close too
        socket.on('close', () => resolve(answer));
      });

    const cases = fc.sample(request, { seed: SEED, numRuns: HTTP_CASES }).map(text);
    const statuses: Record<string, number> = {};
    for (let i = 0; i < cases.length; i += 8) {
      const answers = await Promise.all(cases.slice(i, i + 8).map(send));
      for (const a of answers) {
        const status = /^HTTP\/1\.[01] (\d{3}) /.exec(a)?.[1] ?? (a === '' ? 'closed' : 'other');
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }
    // Every connection ended (the loop above only goes on once each one closed); none with a server error.
    expect(Object.values(statuses).reduce((a, b) => a + b, 0)).toBe(HTTP_CASES);
    expect(Object.keys(statuses).filter((s) => /^5/.test(s) || s === 'other')).toEqual([]);

    // Still up: the bridge answers, and a new request is served.
    expect(app.run.child.exitCode).toBeNull();
    const good = new Promise<Answer>((resolve) => ws.on('message', (d) => (JSON.parse(String(d)) as Answer).id === -2 && resolve(JSON.parse(String(d)))));
    ws.send(JSON.stringify({ type: 'call', id: -2, method: 'appInfo', args: [] }));
    expect((await good).value).toEqual({ version: expect.any(String), shell: 'web', filePaths: false });
    expect((await fetch(`${session.origin}/session`, { headers: { [SESSION_HEADER]: session.secret } })).status).toBe(204);
    expect(app.stderr()).not.toMatch(/\n\s+at /);

    const byStatus = Object.entries(statuses)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([s, n]) => `${s} ${n}`)
      .join(', ');
    console.log(
      `web shell HTTP fuzz (seed ${SEED}): ${HTTP_CASES} hostile requests and upgrades over raw sockets; every connection answered or closed (${byStatus}), 0 server errors, 0 hangs; the process stayed up (appInfo and GET /session answered after)`,
    );
  });
});
