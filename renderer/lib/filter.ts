import { t } from './locale.svelte.ts';

/**
 * A screen's filter box: a row is kept when every word typed appears in one of its texts, ignoring
 * case ("2024 contract" keeps "Contract (2024).pdf"). An empty filter keeps every row.
 */
export function matchesFilter(filter: string, ...texts: readonly (string | null | undefined)[]): boolean {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = texts
    .filter((t): t is string => Boolean(t))
    .join('\n')
    .toLowerCase();
  return words.every((w) => haystack.includes(w));
}

/** "3 of 12 shown" while a filter hides rows; null when it hides none. */
export function filteredCount(shown: number, all: number): string | null {
  return shown === all ? null : t('filter.shown', { shown, all });
}
