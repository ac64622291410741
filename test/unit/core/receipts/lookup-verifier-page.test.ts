import { describe, expect, it } from 'vitest';
import { lookupVerifierPage, verifierCsp, type VerifierPage } from '../../../../main/core/receipts/verifier-page.ts';

// A verifier page of a reader's own (`notarium verifier-page --block-lookup`): it names the lookup the
// reader chose, and its policy lets it connect to that one origin. Bundles carry the page as built,
// which connects nowhere.

const style = 'body{color:black}';
const script = 'document.title="x"';
const built: VerifierPage = {
  style,
  script,
  html: `<!doctype html>\n<head>\n<meta http-equiv="Content-Security-Policy" content="${verifierCsp(style, script)}">\n<meta name="generator" content="Notarium offline verifier page">\n</head>\n`,
};
const policyOf = (html: string) => /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)![1]!;
const WOC = 'https://api.whatsonchain.com/v1/bsv/main/block/hash/{blockHash}';

describe("a verifier page with a block lookup of its reader's choosing", () => {
  it('the page as built connects nowhere', () => {
    expect(policyOf(built.html)).not.toContain('connect-src');
  });

  it("with one: its policy names the lookup's origin and nothing more, and the page names the lookup", () => {
    const html = lookupVerifierPage(built, WOC);
    expect(policyOf(html)).toBe(verifierCsp(style, script, 'https://api.whatsonchain.com'));
    expect(policyOf(html)).toMatch(/^default-src 'none'; connect-src https:\/\/api\.whatsonchain\.com; style-src 'sha256-/);
    expect(html).toContain(`<meta name="notarium-block-lookup" content="${WOC}">\n<meta name="generator"`);
    expect(lookupVerifierPage(built, 'http://127.0.0.1:41234/explorer/block/{blockHash}')).toContain('connect-src http://127.0.0.1:41234;');
  });

  it('a lookup is text in the page: quotes and markup escaped, `$` patterns kept as they are', () => {
    const html = lookupVerifierPage(built, 'https://e.example/b/{blockHash}?q="><script>$&$1');
    expect(html).toContain('content="https://e.example/b/{blockHash}?q=&#34;&#62;&#60;script&#62;$&#38;$1"');
    expect(html).not.toContain('<script>');
  });

  it('a lookup no policy can name (an IPv6 literal) or no lookup at all (no placeholder after its host): refused, saying why', () => {
    expect(() => lookupVerifierPage(built, 'http://[::1]:8080/block/{blockHash}')).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/cannot be named in the page's policy/) }),
    );
    expect(() => lookupVerifierPage(built, 'https://{blockHash}.example/')).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/is not a block lookup/) }),
    );
  });

  it('a page that does not carry the policy it was built with is refused, not half exported', () => {
    expect(() => lookupVerifierPage({ ...built, script: 'another script' }, WOC)).toThrow(
      expect.objectContaining({ code: 'NOT_BUILT', message: expect.stringMatching(/run "npm run build"/) }),
    );
  });
});
