/**
 * One localStorage key as the browser's own store (the cart, My orders): its stored text, a write that keeps
 * the page going when storage is full or blocked, and the subscribe of `useSyncExternalStore`, told also when
 * another tab changes the key. `forget` drops the caller's parsed copy so that the next read parses again.
 */
export function localStore(key: string, forget: () => void) {
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    /** The stored text; null when there is none or storage is blocked. */
    load(): string | null {
      try {
        return localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    /** Stores `value` as JSON (kept for this page only when storage is full or blocked) and tells the readers. */
    save(value: unknown) {
      try {
        localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or blocked: the caller's copy serves this page.
      }
      notify();
    },
    /** Forgets the stored text and tells the readers. */
    remove() {
      try {
        localStorage.removeItem(key);
      } catch {
        // Storage blocked: nothing was stored.
      }
      notify();
    },
    notify,
    subscribe(listener: () => void) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === key || event.key === null) {
          forget();
          listener();
        }
      };
      window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener("storage", onStorage);
      };
    },
  };
}
