/**
 * A module imported the first time it is needed, once: later calls share that download, and `loaded()`
 * gives the module without waiting once it has arrived (for a click handler that must act within the
 * click, such as one opening a pop-up). A failed download (offline, a new deployment) does not stick:
 * the next call tries again.
 */
export function onDemand<T>(load: () => Promise<T>): { load(): Promise<T>; loaded(): T | null } {
  let module: T | null = null;
  let pending: Promise<T> | null = null;
  return {
    load() {
      pending ??= load().then(
        (value) => (module = value),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => module,
  };
}
