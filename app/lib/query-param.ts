import { useSyncExternalStore } from "react";

const unchanging = () => () => {};

/**
 * A query parameter of the address the page opened with, in the browser; null while rendering on the server, so
 * what it opens (a reminder's renewal dialog) mounts after hydration, as a tap would open it.
 */
export function useOpeningParam(name: string): string | null {
  return useSyncExternalStore(
    unchanging,
    () => new URLSearchParams(window.location.search).get(name),
    () => null,
  );
}
