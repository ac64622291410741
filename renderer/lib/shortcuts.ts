/**
 * The app's keyboard shortcuts, as data: which key does what, and the words the help overlay and
 * the tooltips show. Ctrl on Linux and Windows, Cmd on macOS.
 */

export type ShortcutAction = { kind: 'screen'; index: number } | { kind: 'search' } | { kind: 'help' } | { kind: 'close' };

type Keys = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>;

export const isMac = (platform: string): boolean => /mac|iphone|ipad/i.test(platform);

const mac = typeof navigator === 'undefined' ? false : isMac(navigator.platform);

/** How a shortcut with the platform's modifier reads: "Ctrl+1", or "⌘1" on macOS. */
export function shortcutLabel(key: string | number, onMac = mac): string {
  return onMac ? `⌘${key}` : `Ctrl+${key}`;
}

/** Whether keys pressed in this element are someone typing (text fields, not checkboxes or buttons). */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(target.type);
}

/**
 * What a key press asks for, or null. While someone types, only Esc and find are taken: the other
 * keys are theirs (a "?" in a search, Ctrl+1 in a field).
 */
export function shortcutFor(e: Keys, typing: boolean, onMac = mac): ShortcutAction | null {
  const mod = onMac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  if (e.key === 'Escape' && !mod && !e.altKey) return { kind: 'close' };
  if (mod && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'f') return { kind: 'search' };
  if (typing) return null;
  if (mod && !e.altKey && !e.shiftKey && /^[1-6]$/.test(e.key)) return { kind: 'screen', index: Number(e.key) - 1 };
  if (e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey) return { kind: 'help' };
  return null;
}

/** The help overlay's list, in the words a person reads. */
export function shortcutList(screens: readonly string[], onMac = mac): { keys: string; what: string }[] {
  return [
    ...screens.map((name, i) => ({ keys: shortcutLabel(i + 1, onMac), what: `Go to ${name}` })),
    { keys: shortcutLabel('F', onMac), what: "Search or filter this screen's list; elsewhere, search the Library" },
    { keys: 'Esc', what: 'Close the open dialog or panel' },
    { keys: '?', what: 'Show these shortcuts' },
  ];
}
