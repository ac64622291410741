import { counted } from '../verifier/counted.ts';

/** A span of time in the unit a sentence says it in, rounded to a tenth: 45 s, 20 min, 6 h, 1.5 days. */
export function durationUnit(seconds: number): { value: number; unit: 'second' | 'minute' | 'hour' | 'day' } {
  const tenth = (n: number): number => Math.round(n * 10) / 10;
  if (seconds < 90) return { value: Math.round(seconds), unit: 'second' };
  if (seconds < 90 * 60) return { value: Math.round(seconds / 60), unit: 'minute' };
  if (seconds < 36 * 3600) return { value: tenth(seconds / 3600), unit: 'hour' };
  return { value: tenth(seconds / 86_400), unit: 'day' };
}

/**
 * A span of time for a sentence: "45 seconds", "20 minutes", "6 hours", "1.5 days". Here, with no
 * Node or DOM, so that the CLI, the core's sentences and the page say a span the same way (the page
 * in its language, through formats.ts, with the same units).
 */
export function duration(seconds: number): string {
  const { value, unit } = durationUnit(seconds);
  return counted(value, unit);
}
