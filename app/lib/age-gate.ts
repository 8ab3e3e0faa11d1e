import { useSyncExternalStore } from "react";

export const ADULT_CATEGORY = "18+";
const STORAGE_KEY = "isAdultConfirmed";
const listeners = new Set<() => void>();
let confirmedThisPage = false;

function read(): boolean {
  if (confirmedThisPage) return true;
  try {
    return localStorage.getItem(STORAGE_KEY) === "true";
  } catch {
    return false;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function confirmAdult() {
  confirmedThisPage = true;
  try {
    localStorage.setItem(STORAGE_KEY, "true");
  } catch {
    // Remembered for this page only.
  }
  for (const listener of listeners) listener();
}

/** false on the server and until the visitor confirms they are 18 or older. */
export function useAdultConfirmed(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
