/**
 * Dates, times, numbers and sizes in a language's own formats (Intl), for the page, the dialogs and
 * the certificate. The CLI does not use these: its output is for scripts (English, ISO dates).
 */

export interface Formats {
  /** A date and time, medium date and short time: "29 nov. 2026, 14:05". */
  dateTime(d: Date): string;
  /** A time of day: "14:05:09". */
  timeOfDay(d: Date): string;
  number(n: number): string;
  /** A size in binary units, its number in the language's format: "1,5 MiB". */
  bytes(n: number): string;
}

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** `locale`: a BCP 47 tag, the system's own when it speaks the language shown (en-GB's dates for English), else the language's. */
export function formats(locale: string): Formats {
  const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const timeOfDay = new Intl.DateTimeFormat(locale, { timeStyle: 'medium' });
  const number = new Intl.NumberFormat(locale);
  const oneDecimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return {
    dateTime: (d) => dateTime.format(d),
    timeOfDay: (d) => timeOfDay.format(d),
    number: (n) => number.format(n),
    bytes(n) {
      let v = n;
      let u = 0;
      while (v >= 1024 && u < UNITS.length - 1) {
        v /= 1024;
        u++;
      }
      return `${u === 0 ? number.format(v) : oneDecimal.format(v)} ${UNITS[u]}`;
    },
  };
}
