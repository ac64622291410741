import { describe, expect, it } from 'vitest';
import { exportedVerifierPage, verifierCsp, type VerifierPage } from '../../../../main/core/receipts/verifier-page.ts';

// Issue #17, item 3: the verifier page as exported with a proof. With its profile's block lookup it
// names it, and its policy lets it connect to that one origin; without one it is the page as built,
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

describe('the exported verifier page', () => {
  it('without a block lookup: the page as built, which connects nowhere', () => {
    expect(exportedVerifierPage(built, null)).toBe(built.html);
    expect(policyOf(built.html)).not.toContain('connect-src');
  });

  it("with one: its policy names the lookup's origin and nothing more, and the page names the lookup", () => {
    const html = exportedVerifierPage(built, WOC);
    expect(policyOf(html)).toBe(verifierCsp(style, script, 'https://api.whatsonchain.com'));
    expect(policyOf(html)).toMatch(/^default-src 'none'; connect-src https:\/\/api\.whatsonchain\.com; style-src 'sha256-/);
    expect(html).toContain(`<meta name="notarium-block-lookup" content="${WOC}">\n<meta name="generator"`);
    expect(exportedVerifierPage(built, 'http://127.0.0.1:41234/explorer/block/{blockHash}')).toContain('connect-src http://127.0.0.1:41234;');
  });

  it('a lookup is text in the page: quotes and markup escaped, `$` patterns kept as they are', () => {
    const html = exportedVerifierPage(built, 'https://e.example/b/{blockHash}?q="><script>$&$1');
    expect(html).toContain('content="https://e.example/b/{blockHash}?q=&#34;&#62;&#60;script&#62;$&#38;$1"');
    expect(html).not.toContain('<script>');
  });

  it('a lookup no policy can name (an IPv6 literal) or no lookup at all (no placeholder after its host): the page as built', () => {
    expect(exportedVerifierPage(built, 'http://[::1]:8080/block/{blockHash}')).toBe(built.html);
    expect(exportedVerifierPage(built, 'https://{blockHash}.example/')).toBe(built.html);
  });

  it('a page that does not carry the policy it was built with is refused, not half exported', () => {
    expect(() => exportedVerifierPage({ ...built, script: 'another script' }, WOC)).toThrow(expect.objectContaining({ code: 'INTERNAL' }));
  });
});
