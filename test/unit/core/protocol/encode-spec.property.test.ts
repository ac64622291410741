import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { queryString } from '../../../../main/core/api/request-url.ts';
import { NotariumError } from '../../../../main/core/errors/notarium-error.ts';
import {
  applyEncodeSpec,
  ENCODER_NAMES,
  formatEncodeSpec,
  MAX_ENCODED_BYTES,
  MAX_ENCODE_STEPS,
  parseEncodeSpec,
  type EncodeStep,
} from '../../../../verifier/protocol/encode-spec.ts';
import {
  applyEncode,
  MAX_ENCODED_BYTES as SANDBOX_MAX_BYTES,
  MAX_ENCODE_STEPS as SANDBOX_MAX_STEPS,
  parseEncode,
  type EncoderSettings,
} from '../../../../sandbox/encode/encode-spec.ts';
import { ServiceProblem } from '../../../../sandbox/http/problem.ts';

/**
 * "Forged proofs": the `encode` parser accepts exactly the grammar of record-service.md
 * ("Encode parameter"): '' (no encoder), or encoders joined by '|', each `Name` or `Name(salt)`,
 * salt = one or more of ASCII letters, digits, '/', ':', '-', '+' (and '.', which the service's guides
 * use). Valid values are generated from
 * the grammar, near-misses from each way of missing it, and the client's parser is compared with
 * the sandbox's independent one (and with a whole-language regex, a third reading) on random text.
 */

const SALT_CHARS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789/:-+.'];
/** The whole language as one regex, written from the spec's sentence, not from either parser. */
const LANGUAGE = /^(?:(?:SHA256|Base64)(?:\([A-Za-z0-9/:.+-]+\))?(?:\|(?:SHA256|Base64)(?:\([A-Za-z0-9/:.+-]+\))?)*)?$/;
/** The client's own bound (encode-spec.ts); the spec sets none, the URL length limits the service. */
const CLIENT_MAX = 4096;
/** Both bound a chain to 16 encoders and each step's output to 16 MiB (the spec sets neither). */
const STEPS_MAX = 16;
const BYTES_MAX = 16 * 1024 * 1024;
const withinBounds = (value: string) => value === '' || value.split('|').length <= STEPS_MAX;
/** The sandbox with every encoder allowed and nothing required: the grammar alone. */
const GRAMMAR_ONLY: EncoderSettings = { allowedEncoders: ['SHA256', 'Base64'], saltRequired: false, sha256Required: false };

const salt = fc.array(fc.constantFrom(...SALT_CHARS), { minLength: 1, maxLength: 40 }).map((a) => a.join(''));
const step: fc.Arbitrary<EncodeStep> = fc
  .record({ encoder: fc.constantFrom(...ENCODER_NAMES), salt: fc.option(salt, { nil: undefined }) })
  .map((s) => (s.salt === undefined ? { encoder: s.encoder } : s));
const steps = fc.array(step, { minLength: 0, maxLength: STEPS_MAX });
const render = (ss: EncodeStep[]) => ss.map((s) => (s.salt === undefined ? s.encoder : `${s.encoder}(${s.salt})`)).join('|');

type Verdict = { ok: true; steps: EncodeStep[] } | { ok: false; code: string };

function client(value: string): Verdict {
  try {
    return { ok: true, steps: parseEncodeSpec(value) };
  } catch (err) {
    if (err instanceof NotariumError) return { ok: false, code: err.code };
    throw err;
  }
}

function sandbox(value: string): Verdict {
  try {
    return { ok: true, steps: parseEncode(value, GRAMMAR_ONLY) };
  } catch (err) {
    if (err instanceof ServiceProblem) return { ok: false, code: err.errorCode ?? `HTTP ${err.status}` };
    throw err;
  }
}

/** Large outputs are compared by digest: a diff of 16 MiB arrays would not fit in memory. */
const digestOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The code either implementation refuses with, or 'accepted'. */
function refusal(fn: () => unknown): string {
  try {
    fn();
    return 'accepted';
  } catch (err) {
    if (err instanceof NotariumError) return err.code;
    if (err instanceof ServiceProblem) return err.errorCode ?? `HTTP ${err.status}`;
    throw err;
  }
}

const figures = { valid: 0, nearMisses: 0, differential: 0, accepted: 0, agreed: 0, codeOrder: 0, edges: 0 };

describe('the encode parameter (property)', () => {
  afterAll(() => {
    console.log(
      `encode parser: ${figures.valid} valid values from the grammar accepted and round-tripped by both parsers; ${figures.nearMisses} near-misses rejected with the right code; ` +
        `${figures.differential} random inputs: client and sandbox agree on accept/reject ${figures.agreed}/${figures.differential} (${figures.accepted} accepted), ` +
        `both match the spec's grammar; error codes differ only where a value has both an unknown name and a bad salt (${figures.codeOrder}); ` +
        `both bound chains to ${STEPS_MAX} encoders and ${BYTES_MAX / 1024 / 1024} MiB per step, and agree at ${figures.edges} output edges`,
    );
  });

  it('accepts every value of the grammar, with the same steps in both parsers, round-trips it, and both publish the same bytes (2,000)', () => {
    fc.assert(
      fc.property(steps, fc.uint8Array({ minLength: 0, maxLength: 64 }), (ss, record) => {
        const value = render(ss);
        fc.pre(value.length <= CLIENT_MAX);
        expect(LANGUAGE.test(value)).toBe(true);
        expect(parseEncodeSpec(value)).toEqual(ss);
        expect(formatEncodeSpec(parseEncodeSpec(value))).toBe(value);
        expect(parseEncode(value, GRAMMAR_ONLY)).toEqual(ss);
        expect(Buffer.from(applyEncodeSpec(ss, record))).toEqual(applyEncode(ss, record).published);
        // The client's query string reaches the service's query parser unchanged ('+' included).
        expect(new URLSearchParams(queryString({ encode: value }).slice(1)).get('encode')).toBe(value);
        figures.valid++;
      }),
      { numRuns: 2000, seed: 7 },
    );
  });

  it('both state the same bounds', () => {
    expect([MAX_ENCODE_STEPS, SANDBOX_MAX_STEPS, MAX_ENCODED_BYTES, SANDBOX_MAX_BYTES]).toEqual([STEPS_MAX, STEPS_MAX, BYTES_MAX, BYTES_MAX]);
  });

  // Chains at the output bound: the largest record each accepts (computed here from the grammar's
  // arithmetic: SHA256 gives 32 bytes, Base64 4 per 3 of salt + input) and one byte more.
  const edges: [string, number][] = [
    ['Base64', (BYTES_MAX / 4) * 3],
    ['Base64(abc)', (BYTES_MAX / 4) * 3 - 3],
    ['SHA256(s)|Base64', -1],
    ['Base64|SHA256', (BYTES_MAX / 4) * 3],
    ['Base64|Base64', (((BYTES_MAX / 4) * 3) / 4) * 3],
  ];

  it.each(edges)('agree on the output bound of %s: the largest record is accepted with the same bytes, one byte more is refused by both', (value, largest) => {
    const ss = parseEncodeSpec(value);
    if (largest < 0) {
      // A digest first: any record gives 44 bytes, so no record size reaches the bound.
      const big = new Uint8Array(BYTES_MAX);
      expect(digestOf(applyEncodeSpec(ss, big))).toBe(digestOf(applyEncode(parseEncode(value, GRAMMAR_ONLY), big).published));
      return;
    }
    const record = new Uint8Array(largest).fill(0x61);
    const published = applyEncodeSpec(ss, record);
    expect(published.length).toBeLessThanOrEqual(BYTES_MAX);
    expect(digestOf(published)).toBe(digestOf(applyEncode(parseEncode(value, GRAMMAR_ONLY), record).published));
    const over = new Uint8Array(largest + 1);
    expect(refusal(() => applyEncodeSpec(ss, over))).toBe('ENCODE_PARAM_INVALID');
    expect(refusal(() => applyEncode(parseEncode(value, GRAMMAR_ONLY), over))).toBe('ENCODE_PARAM_INVALID');
    figures.edges++;
  });

  const nearMisses: [string, fc.Arbitrary<string>, string][] = [
    [
      'a character outside the salt alphabet',
      fc
        .tuple(salt, fc.string({ minLength: 1, maxLength: 3, unit: 'binary' }), salt, fc.constantFrom(...ENCODER_NAMES))
        .filter(([, bad]) => [...bad].some((c) => !SALT_CHARS.includes(c)))
        .map(([a, bad, b, n]) => `${n}(${a}${bad}${b})`),
      'ENCODE_PARAM_INVALID',
    ],
    ['an empty salt', fc.constantFrom(...ENCODER_NAMES).map((n) => `${n}()`), 'ENCODE_PARAM_INVALID'],
    [
      'a missing parenthesis',
      fc.tuple(fc.constantFrom(...ENCODER_NAMES), salt, fc.boolean()).map(([n, s, open]) => (open ? `${n}(${s}` : `${n}${s})`)),
      'ENCODE_PARAM_INVALID',
    ],
    [
      'nested or repeated parentheses',
      fc
        .tuple(fc.constantFrom(...ENCODER_NAMES), fc.constantFrom(...ENCODER_NAMES), salt, fc.integer({ min: 0, max: 3 }))
        .map(([n, m, s, k]) => [`${n}(${m}(${s}))`, `${n}((${s}))`, `${n}(${s})(${s})`, `(${s})`][k]!),
      'ENCODE_PARAM_INVALID',
    ],
    [
      'an unknown encoder',
      fc
        .tuple(
          fc.stringMatching(/^[A-Za-z0-9]{1,12}$/).filter((n) => !(ENCODER_NAMES as readonly string[]).includes(n)),
          fc.option(salt),
        )
        .map(([n, s]) => (s === null ? n : `${n}(${s})`)),
      'UNKNOWN_ENCODER',
    ],
    [
      'a wrongly cased encoder',
      fc.constantFrom('sha256', 'Sha256', 'SHA-256', 'base64', 'BASE64', 'Base-64').map((n) => n),
      'UNKNOWN_ENCODER|ENCODE_PARAM_INVALID',
    ],
    [
      'an empty encoder between bars',
      fc
        .tuple(
          steps.filter((s) => s.length > 0),
          fc.integer({ min: 0, max: 2 }),
        )
        .map(([ss, k]) => [`|${render(ss)}`, `${render(ss)}|`, render(ss).replace(/^([^|]+)/, '$1|')][k]!),
      'ENCODE_PARAM_INVALID',
    ],
    [
      'whitespace around an encoder',
      fc
        .tuple(
          steps.filter((s) => s.length > 0),
          fc.constantFrom(' ', '\t', '\n', '\u00a0'),
        )
        .map(([ss, w]) => `${render(ss)}${w}`),
      'ENCODE_PARAM_INVALID',
    ],
    ['more encoders than the bound', fc.array(step, { minLength: STEPS_MAX + 1, maxLength: 40 }).map(render), 'ENCODE_PARAM_INVALID'],
    [
      'longer than the client accepts',
      fc.tuple(fc.constantFrom(...ENCODER_NAMES), fc.integer({ min: CLIENT_MAX, max: 20_000 })).map(([n, len]) => `${n}(${'a'.repeat(len)})`),
      'ENCODE_PARAM_INVALID',
    ],
  ];

  it.each(nearMisses)('rejects %s with the right code (300 each)', (_what, arb, codes) => {
    fc.assert(
      fc.property(arb, (value) => {
        expect(LANGUAGE.test(value) && value.length <= CLIENT_MAX && withinBounds(value)).toBe(false);
        const verdict = client(value);
        expect(verdict.ok, value).toBe(false);
        expect(codes.split('|')).toContain((verdict as { code: string }).code);
        // The sandbox refuses the same values, except the overlong ones: the spec sets no length,
        // and the sandbox leaves that to its HTTP layer (Node's 16 KiB header limit).
        const service = sandbox(value);
        if (value.length > CLIENT_MAX) expect(service.ok).toBe(true);
        else expect(service.ok, value).toBe(false);
        figures.nearMisses++;
      }),
      { numRuns: 300, seed: 11 },
    );
  });

  it('client and sandbox agree with each other and with the grammar on random text (5,000)', () => {
    const alphabet = [
      ...SALT_CHARS.slice(0, 6),
      'S',
      'H',
      'A',
      '2',
      '5',
      '6',
      'B',
      'a',
      's',
      'e',
      '4',
      '(',
      ')',
      '|',
      '/',
      ':',
      '+',
      '-',
      ' ',
      '%',
      '_',
      'é',
      '\n',
    ];
    const noise = fc.array(fc.constantFrom(...alphabet), { minLength: 0, maxLength: 30 }).map((a) => a.join(''));
    // Valid values with one random edit: most inputs sit near the language boundary.
    const edited = fc.tuple(steps, fc.nat(), fc.constantFrom(...alphabet, ''), fc.boolean()).map(([ss, at, c, insert]) => {
      const v = render(ss);
      const i = v.length === 0 ? 0 : at % v.length;
      return insert ? v.slice(0, i) + c + v.slice(i) : v.slice(0, i) + c + v.slice(i + 1);
    });
    fc.assert(
      fc.property(fc.oneof(noise, edited, steps.map(render)), (value) => {
        fc.pre(value.length <= CLIENT_MAX);
        const [a, b] = [client(value), sandbox(value)];
        const inLanguage = LANGUAGE.test(value) && withinBounds(value);
        figures.differential++;
        expect({ value, client: a.ok, sandbox: b.ok }).toEqual({ value, client: inLanguage, sandbox: inLanguage });
        figures.agreed++;
        if (a.ok && b.ok) {
          figures.accepted++;
          expect(a.steps).toEqual(b.steps);
        } else if (!a.ok && !b.ok && a.code !== b.code) {
          // The one known difference: the client names an unknown encoder first, the sandbox a bad salt.
          expect({ client: a.code, sandbox: b.code }).toEqual({ client: 'UNKNOWN_ENCODER', sandbox: 'ENCODE_PARAM_INVALID' });
          figures.codeOrder++;
        }
      }),
      { numRuns: 5000, seed: 13 },
    );
  });
});
