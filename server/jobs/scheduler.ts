import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../db/clock";
import type { Db } from "../db/database";

/** One background job: what it does, once per `everyMs` across every instance on the database. */
export interface Job {
  /** Names the job in the database and in the log; never renamed lightly (a new name runs at once). */
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

/**
 * The shop's one way to run background work (ADR 0120). Time is cut into periods of `everyMs` by the app's
 * clock; at each tick an instance claims the period it is in by writing it into `job_runs`, a write only one
 * instance's statement can make, and only the claimer runs the job. So with any number of instances on one
 * PostgreSQL a job runs once a period, and on SQLite (one instance) the same rule simply always claims. A job
 * that fails is logged and tried again next period; a tick never throws.
 */
export function createScheduler(db: Db, clock: Clock, log: FastifyBaseLogger, jobs: readonly Job[]) {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<void>>();

  async function claim(job: Job): Promise<boolean> {
    const now = clock().getTime();
    const period = new Date(now - (now % job.everyMs)).toISOString();
    const claimed = await db
      .insertInto("job_runs")
      .values({ name: job.name, period })
      .onConflict((oc) =>
        oc
          .column("name")
          .doUpdateSet((eb) => ({ period: eb.ref("excluded.period") }))
          .where((eb) => eb("job_runs.period", "<", eb.ref("excluded.period"))),
      )
      .returning("name")
      .executeTakeFirst();
    return claimed !== undefined;
  }

  /** This period's run of `job`, unless another instance (or an earlier tick) has claimed it. */
  async function tick(job: Job): Promise<void> {
    try {
      if (await claim(job)) await job.run();
    } catch (error) {
      log.warn({ err: error, job: job.name }, "a background job failed; it runs again next period");
    }
  }

  return {
    jobs,
    tick,
    start() {
      for (const job of jobs) {
        const timer = setInterval(() => {
          const run = tick(job).finally(() => running.delete(run));
          running.add(run);
        }, job.everyMs);
        // The schedule alone must not keep a process alive that is otherwise done.
        timer.unref();
        timers.push(timer);
      }
    },
    /** No more ticks; resolves once the runs under way have ended, so the database can close after it. */
    async stop() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await Promise.all(running);
    },
  };
}
