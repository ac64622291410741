import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueCode, ERROR_CODES, isErrorCode, SERVICE_CODES, sentenceFor } from '../../../../main/core/errors/catalogue.ts';
import { ServiceError } from '../../../../main/core/errors/notarium-error.ts';
import { FAILURE_CODES, SKIP_CODES, STEP_CODE_HELP } from '../../../../verifier/step-codes.ts';

const ROOT = new URL('../../../../', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|svelte)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

/** The codes the sources give failures: a NotariumError's (or a refusal's) first argument, or a `code` field set to a literal. */
function codesUsed(): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of [...sources('main'), ...sources('preload')]) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:Error|refusal)\(\s*'([A-Z][A-Z_]+)'|\bcode(?::| =) '([A-Z][A-Z_]+)'/g)) used.set(m[1] ?? m[2]!, file.slice(ROOT.length));
  }
  return used;
}

describe('the catalogue of error codes', () => {
  it('every code has one sentence for people', () => {
    for (const code of ERROR_CODES) expect(sentenceFor(code, null), code).toMatch(/^[A-Z"].*[.!]$/s);
  });

  // What a reader is told to do, or that Notarium does it for them: a sentence without one leaves a
  // person with an error and nowhere to go.
  const ACTION =
    /\b(try|check|set|add|choose|sign in|open|run|notarise|name|wait|ask|install|unlock|rename|remove|drop|save|repair|make|use|import|reload|start|quit|stop|give|verify|look at|get|export|complete|do not rely|retries|left to it|not sent again|nothing to do|go on)\b/i;

  it('every code says what to do about it', () => {
    const without = ERROR_CODES.filter((code) => !ACTION.test(sentenceFor(code, null) ?? ''));
    expect(without).toEqual([]);
  });

  it('every verification step code says what it means and what to do, in sentences of its own', () => {
    for (const code of [...FAILURE_CODES, ...SKIP_CODES]) {
      const { meaning, action } = STEP_CODE_HELP[code];
      expect(meaning, code).toMatch(/^[A-Z].*\.$/s);
      expect(action, code).toMatch(/^[A-Z].*\.$/s);
      expect(action, code).toMatch(ACTION);
    }
  });

  it('every code a failure is given in main/ or preload/ is in the catalogue, so it crosses every boundary as itself', () => {
    const used = codesUsed();
    expect(used.size).toBeGreaterThan(40);
    for (const [code, file] of used) expect(isErrorCode(code), `${code} in ${file}`).toBe(true);
  });

  it('a service error is named by the cause: its errorCode in any spelling, else its status', () => {
    expect(new ServiceError({ status: 400, errorCode: 'TX_NOT_LINKABLE' })).toMatchObject({ code: 'TX_NOT_LINKABLE', message: sentenceFor('TX_NOT_LINKABLE') });
    expect(new ServiceError({ status: 400, errorCode: 'ENCODER_ARGUMENT_MISSING' }).code).toBe('CONTENT_ENCODER_ARGUMENT_MISSING');
    expect(new ServiceError({ status: 404 })).toMatchObject({ code: 'NOT_FOUND', message: sentenceFor('NOT_FOUND') });
    expect(new ServiceError({ status: 401 }).code).toBe('UNAUTHORIZED');
    expect(new ServiceError({ status: 429 }).code).toBe('RATE_LIMITED');
    expect(new ServiceError({ status: 503 }).code).toBe('SERVICE_UNAVAILABLE');
    expect(new ServiceError({ status: 400, errorCode: 'SOMETHING_NEW' })).toMatchObject({
      code: 'SERVICE_ERROR',
      message: 'The service refused the request (SOMETHING_NEW).',
    });
  });

  it("a service cannot pass its answer off as a failure of Notarium's own, on which Notarium branches", () => {
    for (const own of ['BEING_SENT', 'NETWORK', 'NOT_IN_LIBRARY', 'SIGNED_OUT', 'INTERNAL']) {
      expect(catalogueCode(own), own).toBeNull();
      expect(new ServiceError({ status: 400, errorCode: own }).code, own).toBe('SERVICE_ERROR');
    }
    for (const code of SERVICE_CODES) expect(catalogueCode(code)).toBe(code);
  });

  it('the troubleshooting page lists every code and every verification step code', () => {
    const page = readFileSync(join(ROOT, 'docs/user/troubleshooting.md'), 'utf8');
    for (const code of ERROR_CODES) expect(page, code).toContain(`\`${code}\``);
    const prose = page.replace(/\s+/g, ' ');
    for (const code of [...FAILURE_CODES, ...SKIP_CODES]) expect(prose, code).toContain(`\`${code}\`: ${STEP_CODE_HELP[code].meaning}`);
  });
});
