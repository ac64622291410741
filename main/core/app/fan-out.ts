/**
 * Calls every listener of an event. One that throws (a shell that cannot forward the event) stops
 * neither the others nor the engine code that emitted it: a record update, a poller check or a
 * watcher event must not fail because a page could not be told. Each shell logs its own failures.
 */
export function fanOut<A extends unknown[]>(listeners: Iterable<(...args: A) => void>, ...args: A): void {
  for (const listener of [...listeners]) {
    try {
      listener(...args);
    } catch {
      // the listener's own concern (see above)
    }
  }
}
