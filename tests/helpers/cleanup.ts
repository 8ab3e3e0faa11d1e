import { afterAll, afterEach } from "vitest";
import { closeTestApps } from "./app";
import { dropTestDatabases } from "./database";
import { removeTestBuilds } from "./web";

// The API suites' tidying, registered here rather than where the helpers keep their lists: a worker loads the
// helpers once for all its test files (ADR 0115), while setup files run again for each file.
afterEach(async () => {
  await closeTestApps();
  await removeTestBuilds();
});
afterAll(dropTestDatabases);
