/**
 * The languages Notarium speaks, and which of them a list of preferred languages (the system's,
 * the browser's) asks for. English is the fallback: its messages are the source the others follow.
 */

export const LANGUAGES = ['en', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A person's choice in Settings: a language, or whatever the system prefers. */
export type LanguageChoice = Language | 'system';

/** Each language named in itself, as a choice of language is offered. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français', de: 'Deutsch' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first preferred language Notarium speaks ("fr-CH" → fr), else English. */
export function matchLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return 'en';
}

/** The locale whose formats (dates, numbers) go with a language: the first preferred tag of that language ("en-GB"), else the language itself. */
export function formatLocale(language: Language, preferred: readonly string[]): string {
  return preferred.find((tag) => tag.toLowerCase().split(/[-_]/)[0] === language) ?? language;
}

/**
 * The languages an HTTP request's Accept-Language asks for, most wanted first ("fr-CH, fr;q=0.9,
 * en;q=0.8" → fr-CH, fr, en); none refused (q=0) and no wildcard.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.split(';').map((p) => p.trim());
      const q = params.find((p) => p.startsWith('q='));
      return { tag, q: q === undefined ? 1 : Number(q.slice(2)), order };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && Number.isFinite(q) && q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map(({ tag }) => tag);
}
