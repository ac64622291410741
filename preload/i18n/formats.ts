import { BYTE_UNITS, byteSize, OCTET_UNITS } from '../byte-size.ts';
import { durationUnit } from '../duration.ts';

/**
 * Dates, times, numbers and sizes in a language's own formats (Intl), for the page. The CLI does not
 * use these: its output is for scripts (English, ISO dates).
 */

export interface Formats {
  /** A date and time, medium date and short time: "29 nov. 2026, 14:05". */
  dateTime(d: Date): string;
  /** An instant on paper, to the second and in UTC, named so (a certificate outlives its reader's time zone): "22 novembre 2026 à 10:15:00 UTC". */
  utcDateTime(d: Date): string;
  /** A time of day: "14:05:09". */
  timeOfDay(d: Date): string;
  number(n: number): string;
  /** A size in binary units, its number and units in the language's format: "1,5 MiB", in French "1,5 Mio". */
  bytes(n: number): string;
  /** A span of time in the unit duration.ts picks, its unit in words: "20 minutes", "1,5 jour", "6 Stunden". */
  duration(seconds: number): string;
}

/** `locale`: a BCP 47 tag, the system's own when it speaks the language shown (en-GB's dates for English), else the language's. */
export function formats(locale: string): Formats {
  // Each built at its first use: building Intl's formats loads the language's tables, tens of
  // milliseconds a kind on a busy machine, which a screen showing only dates should not wait for.
  const dateTime = once(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));
  const utcDateTime = once(() => new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' }));
  const timeOfDay = once(() => new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }));
  const number = once(() => new Intl.NumberFormat(locale));
  // A size's figure is below 1024: no thousands separator (1023 B, as the CLI writes it).
  const wholeBytes = once(() => new Intl.NumberFormat(locale, { useGrouping: false }));
  const oneDecimal = once(() => new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }));
  // French writes octets, and keeps a figure and its unit together with a no-break space, as it does every unit.
  const [units, unitSpace] = /^fr\b/i.test(locale) ? [OCTET_UNITS, '\u00a0'] : [BYTE_UNITS, ' '];
  const spans = new Map(
    (['second', 'minute', 'hour', 'day'] as const).map((unit) => [
      unit,
      once(() => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' })),
    ]),
  );
  return {
    dateTime: (d) => dateTime().format(d),
    utcDateTime: (d) => utcDateTime().format(d),
    timeOfDay: (d) => timeOfDay().format(d),
    number: (n) => number().format(n),
    bytes: (n) => byteSize(n, (v, decimals) => (decimals === 0 ? wholeBytes() : oneDecimal()).format(v), units, unitSpace),
    duration: (seconds) => {
      const { value, unit } = durationUnit(seconds);
      return spans.get(unit)!().format(value);
    },
  };
}

/** A value made at its first use, then kept. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
