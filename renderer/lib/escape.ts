/**
 * What Esc closes: the newest open dialog or panel. Each registers its close while it is shown
 * (`use:closeOnEscape={() => (open = false)}`); the app's key handler calls the newest.
 */

const open: (() => void)[] = [];

export function closeOnEscape(_node: HTMLElement, close: () => void) {
  let current = close;
  const entry = (): void => current();
  open.push(entry);
  return {
    update(next: () => void) {
      current = next;
    },
    destroy() {
      const i = open.lastIndexOf(entry);
      if (i >= 0) open.splice(i, 1);
    },
  };
}

/** Closes the newest open dialog or panel; false when none is open. */
export function closeNewest(): boolean {
  const close = open.at(-1);
  close?.();
  return close !== undefined;
}
