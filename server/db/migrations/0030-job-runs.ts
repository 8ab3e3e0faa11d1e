import type { Kysely, Migration } from "kysely";

/**
 * The shop's background jobs (ADR 0120) run once per period across every instance on the database: each
 * period's run is claimed by writing its start here, which only one instance's write can do.
 */
export const jobRuns: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("job_runs")
      .addColumn("name", "text", (c) => c.primaryKey())
      // The start of the last period a run was claimed for, ISO-8601 UTC (fixed width, so text order is time order).
      .addColumn("period", "text", (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("job_runs").execute();
  },
};
