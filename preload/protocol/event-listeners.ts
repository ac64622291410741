/**
 * The receiving side's event listeners behind one transport listener: `listen` subscribes (a
 * wrapper per subscription, so the same function subscribed twice unsubscribes once each),
 * `deliver` fans an event out — one failing listener does not starve the others; what it threw
 * goes to `report` (in a page: the platform's reportError, as an uncaught error would).
 */
export function listenerHub(report: (err: unknown) => void): {
  listen: (event: string, listener: (payload: unknown) => void) => () => void;
  deliver: (event: string, payload: unknown) => void;
} {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    listen: (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      const entry = (payload: unknown): void => listener(payload);
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    deliver: (event, payload) => {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(payload);
        } catch (err) {
          report(err);
        }
      }
    },
  };
}
