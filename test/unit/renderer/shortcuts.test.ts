import { describe, expect, it, vi } from 'vitest';
import { closeNewest, closeOnEscape } from '../../../renderer/lib/escape.ts';
import { isMac, shortcutFor, shortcutLabel, shortcutList } from '../../../renderer/lib/shortcuts.ts';

const key = (k: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('keyboard shortcuts', () => {
  it('Ctrl+1…6 go to the screens, Ctrl+F searches, ? opens the help, Esc closes (Cmd on macOS)', () => {
    expect(shortcutFor(key('1', { ctrlKey: true }), false, false)).toEqual({ kind: 'screen', index: 0 });
    expect(shortcutFor(key('6', { ctrlKey: true }), false, false)).toEqual({ kind: 'screen', index: 5 });
    expect(shortcutFor(key('7', { ctrlKey: true }), false, false)).toBeNull();
    expect(shortcutFor(key('f', { ctrlKey: true }), false, false)).toEqual({ kind: 'search' });
    expect(shortcutFor(key('F', { ctrlKey: true }), false, false)).toEqual({ kind: 'search' });
    expect(shortcutFor(key('?', { shiftKey: true }), false, false)).toEqual({ kind: 'help' });
    expect(shortcutFor(key('Escape'), false, false)).toEqual({ kind: 'close' });
    // The other platform's modifier is not the shortcut.
    expect(shortcutFor(key('1', { metaKey: true }), false, false)).toBeNull();
    expect(shortcutFor(key('1', { metaKey: true }), false, true)).toEqual({ kind: 'screen', index: 0 });
    expect(shortcutFor(key('1', { ctrlKey: true }), false, true)).toBeNull();
    expect(shortcutFor(key('f', { metaKey: true }), false, true)).toEqual({ kind: 'search' });
    // Browser and system chords stay theirs.
    expect(shortcutFor(key('1', { ctrlKey: true, altKey: true }), false, false)).toBeNull();
    expect(shortcutFor(key('f', { ctrlKey: true, shiftKey: true }), false, false)).toBeNull();
    expect(shortcutFor(key('a'), false, false)).toBeNull();
  });

  it('while someone types, only Esc and find are taken', () => {
    expect(shortcutFor(key('?', { shiftKey: true }), true, false)).toBeNull();
    expect(shortcutFor(key('2', { ctrlKey: true }), true, false)).toBeNull();
    expect(shortcutFor(key('Escape'), true, false)).toEqual({ kind: 'close' });
    expect(shortcutFor(key('f', { ctrlKey: true }), true, false)).toEqual({ kind: 'search' });
  });

  it('reads as the platform writes it, in one list for the help', () => {
    expect(isMac('MacIntel')).toBe(true);
    expect(isMac('Linux x86_64')).toBe(false);
    expect(shortcutLabel(3, false)).toBe('Ctrl+3');
    expect(shortcutLabel(3, true)).toBe('⌘3');
    expect(shortcutList(['Notarise', 'Library'], false)).toEqual([
      { keys: 'Ctrl+1', what: 'Go to Notarise' },
      { keys: 'Ctrl+2', what: 'Go to Library' },
      { keys: 'Ctrl+F', what: "Search or filter this screen's list; elsewhere, search the Library" },
      { keys: 'Esc', what: 'Close the open dialog or panel' },
      { keys: '?', what: 'Show these shortcuts' },
    ]);
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
