import { describe, expect, it } from "vitest";
import pino from "pino";
import { openDatabase } from "../server/db/database";
import { createScheduler, type Job } from "../server/jobs/scheduler";
import { createTestDatabase, testDialect } from "./helpers/database";

const EVERY_MS = 60_000;

/** A clock the test moves on. */
function movingClock(start = Date.parse("2026-12-02T06:00:30.000Z")) {
  let now = start;
  return { clock: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe("background jobs (ADR 0120)", () => {
  it("run once a period however many instances tick at once, a failed run is logged and the next period runs again", async () => {
    const { database, drop, databaseUrl } = await createTestDatabase();
    // On PostgreSQL, three instances are three pools on one database; SQLite has one instance.
    const others =
      testDialect === "postgres" ? [openDatabase({ kind: "postgres", url: databaseUrl }), openDatabase({ kind: "postgres", url: databaseUrl })] : [];
    try {
      const time = movingClock();
      const runs: string[] = [];
      let failNext = false;
      const job: Job = {
        name: "count",
        everyMs: EVERY_MS,
        async run() {
          runs.push(time.clock().toISOString());
          if (failNext) {
            failNext = false;
            throw new Error("the sweep could not reach its table");
          }
        },
      };
      const warnings: unknown[] = [];
      const log = pino({ level: "warn" }, { write: (line: string) => void warnings.push(JSON.parse(line)) });
      const schedulers = [database, ...others].map((each) => createScheduler(each.db, time.clock, log, [job]));

      const tickAll = () => Promise.all(schedulers.flatMap((scheduler) => [scheduler.tick(job), scheduler.tick(job)]));
      await tickAll();
      expect(runs).toEqual(["2026-12-02T06:00:30.000Z"]);
      // Later in the same period: nothing.
      time.advance(20_000);
      await tickAll();
      expect(runs).toHaveLength(1);

      // The next period runs once; its run fails, is logged, and the period after runs again.
      time.advance(EVERY_MS);
      failNext = true;
      await tickAll();
      expect(runs).toHaveLength(2);
      expect(warnings).toMatchObject([{ job: "count", err: { message: "the sweep could not reach its table" } }]);
      time.advance(EVERY_MS);
      await tickAll();
      expect(runs).toHaveLength(3);
    } finally {
      await Promise.all(others.map((other) => other.close()));
      await drop();
    }
  });
});
