import { describe, expect, it, vi } from 'vitest';
import { closeNewest, closeOnEscape } from '../../../renderer/lib/escape.ts';
import { isMac, screenShortcutLabel, shortcutFor, shortcutLabel, shortcutList, type Keyboard } from '../../../renderer/lib/shortcuts.ts';

/** A key press as the browser reports it: `code` is the key's place (Digit1 whatever Shift makes it type). */
const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {},
  code = /^\d$/.test(k) ? `Digit${k}` : `Key${k.toUpperCase()}`,
) => ({
  key: k,
  code,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

const desktop: Keyboard = { mac: false, browserTab: false };
const desktopMac: Keyboard = { mac: true, browserTab: false };
const tab: Keyboard = { mac: false, browserTab: true };
const tabMac: Keyboard = { mac: true, browserTab: true };

describe('keyboard shortcuts', () => {
  it('Ctrl+1…6 go to the screens, Ctrl+F searches, ? opens the help, Esc closes (Cmd on macOS)', () => {
    expect(shortcutFor(key('1', { ctrlKey: true }), false, desktop)).toEqual({ kind: 'screen', index: 0 });
    expect(shortcutFor(key('6', { ctrlKey: true }), false, desktop)).toEqual({ kind: 'screen', index: 5 });
    expect(shortcutFor(key('7', { ctrlKey: true }), false, desktop)).toBeNull();
    expect(shortcutFor(key('f', { ctrlKey: true }), false, desktop)).toEqual({ kind: 'search' });
    expect(shortcutFor(key('F', { ctrlKey: true }), false, desktop)).toEqual({ kind: 'search' });
    expect(shortcutFor(key('?', { shiftKey: true }), false, desktop)).toEqual({ kind: 'help' });
    expect(shortcutFor(key('Escape'), false, desktop)).toEqual({ kind: 'close' });
    // The other platform's modifier is not the shortcut.
    expect(shortcutFor(key('1', { metaKey: true }), false, desktop)).toBeNull();
    expect(shortcutFor(key('1', { metaKey: true }), false, desktopMac)).toEqual({ kind: 'screen', index: 0 });
    expect(shortcutFor(key('1', { ctrlKey: true }), false, desktopMac)).toBeNull();
    expect(shortcutFor(key('f', { metaKey: true }), false, desktopMac)).toEqual({ kind: 'search' });
    // Browser and system chords stay theirs.
    expect(shortcutFor(key('1', { ctrlKey: true, altKey: true }), false, desktop)).toBeNull();
    expect(shortcutFor(key('f', { ctrlKey: true, shiftKey: true }), false, desktop)).toBeNull();
    expect(shortcutFor(key('a'), false, desktop)).toBeNull();
  });

  it("in a browser tab (the web shell) the screens are Alt+Shift+1…6 (⌥⇧ on macOS): Ctrl+1…6 and Alt+1…6 stay the browser's tab keys", () => {
    // Shift turns the digit into "!" (or "&" on AZERTY), Option into "¡": the key's place says the digit.
    expect(shortcutFor(key('!', { altKey: true, shiftKey: true }, 'Digit1'), false, tab)).toEqual({ kind: 'screen', index: 0 });
    expect(shortcutFor(key('^', { altKey: true, shiftKey: true }, 'Digit6'), false, tab)).toEqual({ kind: 'screen', index: 5 });
    expect(shortcutFor(key('&', { altKey: true, shiftKey: true }, 'Digit7'), false, tab)).toBeNull();
    expect(shortcutFor(key('⁄', { altKey: true, shiftKey: true }, 'Digit1'), false, tabMac)).toEqual({ kind: 'screen', index: 0 });
    for (const kb of [tab, tabMac]) {
      expect(shortcutFor(key('1', { ctrlKey: true }), false, kb)).toBeNull();
      expect(shortcutFor(key('1', { metaKey: true }), false, kb)).toBeNull();
      expect(shortcutFor(key('1', { altKey: true }), false, kb)).toBeNull();
      expect(shortcutFor(key('!', { ctrlKey: true, altKey: true, shiftKey: true }, 'Digit1'), false, kb)).toBeNull();
    }
    // The rest is as in the desktop app; and typing keeps its keys there too.
    expect(shortcutFor(key('f', { ctrlKey: true }), false, tab)).toEqual({ kind: 'search' });
    expect(shortcutFor(key('?', { shiftKey: true }, 'Slash'), false, tab)).toEqual({ kind: 'help' });
    expect(shortcutFor(key('!', { altKey: true, shiftKey: true }, 'Digit1'), true, tab)).toBeNull();
    // The desktop app keeps Ctrl+1…6, whatever the layout types with them.
    expect(shortcutFor(key('&', { ctrlKey: true }, 'Digit1'), false, desktop)).toEqual({ kind: 'screen', index: 0 });
    expect(shortcutFor(key('!', { altKey: true, shiftKey: true }, 'Digit1'), false, desktop)).toBeNull();
  });

  it('while someone types, only Esc and find are taken', () => {
    expect(shortcutFor(key('?', { shiftKey: true }), true, desktop)).toBeNull();
    expect(shortcutFor(key('2', { ctrlKey: true }), true, desktop)).toBeNull();
    expect(shortcutFor(key('Escape'), true, desktop)).toEqual({ kind: 'close' });
    expect(shortcutFor(key('f', { ctrlKey: true }), true, desktop)).toEqual({ kind: 'search' });
  });

  it('reads as the platform writes it, in one list for the help', () => {
    expect(isMac('MacIntel')).toBe(true);
    expect(isMac('Linux x86_64')).toBe(false);
    expect(shortcutLabel(3, desktop)).toBe('Ctrl+3');
    expect(shortcutLabel(3, desktopMac)).toBe('⌘3');
    expect(shortcutList(['Notarise', 'Library'], desktop)).toEqual([
      { keys: 'Ctrl+1', what: 'Go to Notarise' },
      { keys: 'Ctrl+2', what: 'Go to Library' },
      { keys: 'Ctrl+F', what: "Search or filter this screen's list; elsewhere, search the Library" },
      { keys: 'Esc', what: 'Close the open dialog or panel' },
      { keys: '?', what: 'Show these shortcuts' },
    ]);
    expect(screenShortcutLabel(2, desktop)).toBe('Ctrl+2');
    expect(screenShortcutLabel(2, desktopMac)).toBe('⌘2');
    expect(screenShortcutLabel(2, tab)).toBe('Alt+Shift+2');
    expect(screenShortcutLabel(2, tabMac)).toBe('⌥⇧2');
    expect(shortcutList(['Notarise', 'Library'], tab).map((s) => s.keys)).toEqual(['Alt+Shift+1', 'Alt+Shift+2', 'Ctrl+F', 'Esc', '?']);
  });
});

describe('Esc', () => {
  it('closes the newest open panel first, and nothing once all are closed', () => {
    const node = {} as HTMLElement;
    const older = vi.fn();
    const newer = vi.fn();
    const a = closeOnEscape(node, older);
    const b = closeOnEscape(node, newer);
    expect(closeNewest()).toBe(true);
    expect(newer).toHaveBeenCalledOnce();
    expect(older).not.toHaveBeenCalled();
    b.destroy();
    const replaced = vi.fn();
    a.update(replaced);
    expect(closeNewest()).toBe(true);
    expect(replaced).toHaveBeenCalledOnce();
    a.destroy();
    expect(closeNewest()).toBe(false);
  });
});
