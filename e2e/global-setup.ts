import fs from "node:fs";
import path from "node:path";
import { E2E_ADMIN } from "./admin-account";
import { runFolder, startServer, stopServer, templateDatabase } from "./server";

/**
 * Migrates and seeds one database for the whole run, with the E2E admin, by starting the production
 * server on an empty file and stopping it cleanly (which folds SQLite's write-ahead log into the file).
 * Each worker's server starts on a copy of it (e2e/fixtures.ts).
 */
export default async function globalSetup() {
  const folder = runFolder();
  fs.rmSync(folder, { recursive: true, force: true });
  fs.mkdirSync(folder, { recursive: true });
  const server = await startServer({
    DATABASE_URL: templateDatabase(),
    MEDIA_DIR: path.join(folder, "template-media"),
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
  });
  await stopServer(server);
  if (fs.existsSync(`${templateDatabase()}-wal`)) throw new Error("the template database still has a write-ahead log after the server stopped");
}
