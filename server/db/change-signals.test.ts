import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { CACHE_BOUND_MS, openChangeSignals, type ChangeSignal } from "./change-signals";
import { openDatabase } from "./database";

/** A local port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe("change signals when PostgreSQL cannot be reached", () => {
  it("start anyway, warn once however many tries fail, apply signals here, and never throw", async () => {
    const url = `postgres://postgres@127.0.0.1:${await closedPort()}/pasal`;
    const database = openDatabase({ kind: "postgres", url });
    const warnings: string[] = [];
    const log = { warn: (...args: unknown[]) => void warnings.push(String(args.at(-1))), info: () => {} };
    const changes = await openChangeSignals({ kind: "postgres", url }, database.db, log);
    try {
      expect(changes.boundMs).toBe(CACHE_BOUND_MS);
      const heard: ChangeSignal[] = [];
      changes.subscribe((signal) => heard.push(signal));
      // This instance's own caches hear of its write even when the others cannot be told.
      await expect(changes.publish("catalogue")).resolves.toBeUndefined();
      expect(heard).toEqual(["catalogue"]);
      // Retries after 0.1, 0.2, 0.4 s…: several fail meanwhile.
      await sleep(800);
      expect(warnings.filter((message) => message.includes("cannot listen"))).toHaveLength(1);
      expect(warnings.filter((message) => message.includes("could not tell the other instances"))).toHaveLength(1);
    } finally {
      await changes.close();
      await database.close();
    }
  });
});
