import type { ChangeSignals } from "../../db/change-signals";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { signalledCache } from "../cache";
import { staleEdit } from "../versions";
import { createSettingsRepository } from "./repository";

/**
 * One group of settings kept as a JSON value under `key` of the settings table (the shop's, the ledger's, the
 * order limits): read through a cache every instance drops on a save (ADR 0019), read for an edit with its
 * version, and saved only over the version the edit was read with (ADR 0017). `withDefaults` makes what is
 * stored (or nothing) whole.
 */
export function createStoredSettings<T>(db: Db, clock: Clock, changes: ChangeSignals, key: string, withDefaults: (stored: unknown) => T) {
  const repository = createSettingsRepository();
  const cache = signalledCache(changes, "settings", async () => withDefaults(await repository.get(db, key)));

  return {
    get: (): Promise<T> => cache.get(),

    /**
     * The settings as an admin edits them, with their version: read from the database, not from this
     * instance's cache, so a save is never refused for being over a version this screen could not show.
     */
    async forEdit(): Promise<{ settings: T; version: number }> {
      const { value, version } = await repository.getWithVersion(db, key);
      return { settings: withDefaults(value), version };
    },

    /** With `expected`, only over that version (409 otherwise); answers the new version. */
    async save(settings: T, expected?: number): Promise<number> {
      let version: number | undefined;
      try {
        version = await repository.setIfVersion(db, key, settings, clock().toISOString(), expected);
      } finally {
        await changes.publish("settings");
      }
      if (version === undefined) throw staleEdit();
      return version;
    },
  };
}
