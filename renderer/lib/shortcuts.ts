import { inBrowserTab } from './bridge.ts';
import { t } from './locale.svelte.ts';

/**
 * The app's keyboard shortcuts, as data: which key does what, and the words the help overlay and
 * the tooltips show. Ctrl on Linux and Windows, Cmd on macOS. The screens are Ctrl+1…6 (⌘1…6) in
 * the desktop app; in a browser tab those are the browser's own (its tabs, and Alt+1…8 on Linux
 * too), so the web shell's page takes Alt+Shift+1…6 (⌥⇧1…6) instead, which no browser uses.
 */

export type ShortcutAction = { kind: 'screen'; index: number } | { kind: 'search' } | { kind: 'help' } | { kind: 'close' };

type Keys = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

/** Where the keys are pressed: on macOS (⌘ for Ctrl), and in a browser tab (the web shell) or the desktop app. */
export interface Keyboard {
  mac: boolean;
  browserTab: boolean;
}

export const isMac = (platform: string): boolean => /mac|iphone|ipad/i.test(platform);

const here: Keyboard =
  typeof navigator === 'undefined' || typeof window === 'undefined'
    ? { mac: false, browserTab: false }
    : { mac: isMac(navigator.platform), browserTab: inBrowserTab() };

/** How a shortcut with the platform's modifier reads: "Ctrl+F", or "⌘F" on macOS. */
export function shortcutLabel(key: string | number, kb: Keyboard = here): string {
  return kb.mac ? `⌘${key}` : `Ctrl+${key}`;
}

/** How the shortcut to the `n`th screen (from 1) reads where it is pressed. */
export function screenShortcutLabel(n: number, kb: Keyboard = here): string {
  if (!kb.browserTab) return shortcutLabel(n, kb);
  return kb.mac ? `⌥⇧${n}` : `Alt+Shift+${n}`;
}

/** Whether keys pressed in this element are someone typing (text fields, not checkboxes or buttons). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(target.type);
}

/**
 * The screen a key press asks for (0-based), or null. The digit is read from the key's place
 * (`code`), since Shift, Option or a layout such as AZERTY changes the character it types.
 */
function screenIndex(e: Keys, mod: boolean, kb: Keyboard): number | null {
  const digit = /^Digit([1-6])$/.exec(e.code)?.[1] ?? (/^[1-6]$/.test(e.key) ? e.key : undefined);
  if (digit === undefined) return null;
  const chord = kb.browserTab ? e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey : mod && !e.altKey && !e.shiftKey;
  return chord ? Number(digit) - 1 : null;
}

/**
 * What a key press asks for, or null. While someone types, only Esc and find are taken: the other
 * keys are theirs (a "?" in a search, Ctrl+1 in a field).
 */
export function shortcutFor(e: Keys, typing: boolean, kb: Keyboard = here): ShortcutAction | null {
  const mod = kb.mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  if (e.key === 'Escape' && !mod && !e.altKey) return { kind: 'close' };
  if (mod && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'f') return { kind: 'search' };
  if (typing) return null;
  const index = screenIndex(e, mod, kb);
  if (index !== null) return { kind: 'screen', index };
  if (e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey) return { kind: 'help' };
  return null;
}

/** The help overlay's list, in the words a person reads. */
export function shortcutList(screens: readonly string[], kb: Keyboard = here): { keys: string; what: string }[] {
  return [
    ...screens.map((name, i) => ({ keys: screenShortcutLabel(i + 1, kb), what: t('shortcuts.goTo', { screen: name }) })),
    { keys: shortcutLabel('F', kb), what: t('shortcuts.search') },
    { keys: 'Esc', what: t('shortcuts.close') },
    { keys: '?', what: t('shortcuts.help') },
  ];
}
