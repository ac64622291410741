import { describe, expect, it } from 'vitest';
import { byteSize } from '../../../preload/byte-size.ts';
import { formats } from '../../../preload/i18n/formats.ts';
import { formatLocale, matchLanguage } from '../../../preload/i18n/languages.ts';

describe('the language a list of preferred languages asks for', () => {
  it('is the first one Notarium speaks, by its primary subtag, else English', () => {
    expect(matchLanguage(['fr-CH', 'de-DE'])).toBe('fr');
    expect(matchLanguage(['ja-JP', 'de_AT', 'fr'])).toBe('de');
    expect(matchLanguage(['ja-JP'])).toBe('en');
    expect(matchLanguage([])).toBe('en');
  });

  it("formats in the system's own region when it speaks that language, else in the language's", () => {
    expect(formatLocale('en', ['en-GB', 'fr-FR'])).toBe('en-GB');
    expect(formatLocale('fr', ['en-GB', 'fr-CA'])).toBe('fr-CA');
    expect(formatLocale('de', ['en-GB'])).toBe('de');
  });
});

describe('formats', () => {
  const at = new Date(Date.UTC(2026, 10, 29, 13, 5, 9));

  it('sizes in binary units with the language’s decimal mark; the CLI keeps plain digits', () => {
    // French counts octets, the figure kept with its unit (no-break space).
    expect(formats('fr').bytes(1536)).toBe('1,5\u00a0Kio');
    expect(formats('fr-CA').bytes(1023)).toBe('1023\u00a0o');
    expect(formats('fr').bytes(3 * 1024 ** 2)).toBe('3,0\u00a0Mio');
    expect(formats('de').bytes(5 * 1024 ** 3)).toBe('5,0 GiB');
    expect(formats('en').bytes(1023)).toBe('1023 B');
    expect(byteSize(1536)).toBe('1.5 KiB');
  });

  it("spans of time in duration.ts's units, said in each language", () => {
    expect(formats('en').duration(20 * 60)).toBe('20 minutes');
    expect(formats('de').duration(20 * 60)).toBe('20 Minuten');
    expect(formats('fr').duration(1.5 * 86_400)).toMatch(/^1,5\sjour$/); // a no-break space before the unit
    expect(formats('de').duration(45)).toBe('45 Sekunden');
    expect(formats('fr').duration(1)).toMatch(/^1\sseconde$/);
  });

  it('numbers and dates as each language writes them', () => {
    expect(formats('de').number(1234567)).toBe('1.234.567');
    expect(formats('en-US').number(1234567)).toBe('1,234,567');
    const utc = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(at);
    // The same Intl formats the page uses, in the test's time zone; here only the language's shape matters.
    expect(utc('fr')).toBe('29 nov. 2026, 13:05');
    expect(utc('de')).toBe('29.11.2026, 13:05');
    expect(formats('fr').dateTime(at)).toMatch(/^\d{1,2} nov\. 2026, \d{2}:\d{2}$/);
    expect(formats('de').dateTime(at)).toMatch(/^\d{1,2}\.11\.2026, \d{2}:\d{2}$/);
  });
});
