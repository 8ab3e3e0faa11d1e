import type { ChangeSignals, ChangeTopic } from "../db/change-signals";

/**
 * A value read from the database and held until a write invalidates it, or for at most `maxAgeMs`. The
 * pending load itself is held, so readers share one query, and a load that an invalidation overtook is
 * dropped with it.
 */
export function invalidatingCache<T>(
  load: () => Promise<T>,
  { maxAgeMs = Infinity, now = Date.now }: { maxAgeMs?: number; now?: () => number } = {},
) {
  let value: Promise<T> | undefined;
  let loadedAt = 0;
  return {
    get(): Promise<T> {
      if (value && now() - loadedAt < maxAgeMs) return value;
      const loading = load();
      value = loading;
      loadedAt = now();
      loading.catch(() => {
        if (value === loading) value = undefined;
      });
      return loading;
    },
    invalidate() {
      value = undefined;
    },
  };
}

/**
 * A cache of what `topic` names, kept coherent across instances (ADR 0019): dropped by every change signal
 * naming it (this process's writes and other instances'), and kept no longer than the signals' bound.
 */
export function signalledCache<T>(changes: ChangeSignals, topic: ChangeTopic, load: () => Promise<T>) {
  const cache = invalidatingCache(load, { maxAgeMs: changes.boundMs });
  changes.subscribe((signal) => {
    if (signal === topic || signal === "all") cache.invalidate();
  });
  return { get: cache.get };
}
