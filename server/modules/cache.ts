/**
 * A value read from the database and held until a write invalidates it. The pending load itself is
 * held, so readers share one query, and a load that an invalidation overtook is dropped with it.
 */
export function invalidatingCache<T>(load: () => Promise<T>) {
  let value: Promise<T> | undefined;
  return {
    get(): Promise<T> {
      if (value) return value;
      const loading = load();
      value = loading;
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
