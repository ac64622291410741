import { counted } from './counted.ts';

/**
 * A span of time for a sentence: "45 seconds", "20 minutes", "6 hours", "1.5 days". Here, with no
 * Node or DOM, so that the CLI, the core's sentences and the page say a span the same way.
 */
export function duration(seconds: number): string {
  const unit = (n: number, word: string): string => {
    const v = Math.round(n * 10) / 10;
    return counted(v, word);
  };
  if (seconds < 90) return unit(Math.round(seconds), 'second');
  if (seconds < 90 * 60) return unit(Math.round(seconds / 60), 'minute');
  if (seconds < 36 * 3600) return unit(seconds / 3600, 'hour');
  return unit(seconds / 86_400, 'day');
}
