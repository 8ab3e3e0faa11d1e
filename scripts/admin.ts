// Admin accounts from the command line:
//   npm run admin -- create --email E --name N
//   npm run admin -- reset-password --email E
// The password is read from a hidden prompt, or from standard input when that is not a terminal; never from argv.
import { parseArgs } from "node:util";
import { createInterface } from "node:readline";
import { adminEmailSchema, newPasswordSchema } from "../domain/auth";
import { ConfigError, loadConfig } from "../server/config";
import { systemClock } from "../server/db/clock";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { HttpError } from "../server/errors";
import { createAuthService, UNCOUNTED_PASSWORD_CHANGES } from "../server/modules/auth/service";

const usage = `Usage:
  npm run admin -- create --email you@example.com --name "Your Name"
  npm run admin -- reset-password --email you@example.com
The password is asked for (or read from standard input).`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function readPassword(prompt: string): Promise<string> {
  if (!process.stdin.isTTY) {
    let input = "";
    for await (const chunk of process.stdin) input += chunk;
    return input.split(/\r?\n/)[0] ?? "";
  }
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Echo nothing while the password is typed.
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
    if (s.includes(prompt)) process.stdout.write(prompt);
  };
  const answer = await new Promise<string>((resolve) => rl.question(prompt, resolve));
  rl.close();
  process.stdout.write("\n");
  return answer;
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: "string" }, name: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  const command = positionals[0];
  if (values.help || !command || !["create", "reset-password"].includes(command)) fail(usage);
  const email = adminEmailSchema.safeParse(values.email ?? "");
  if (!email.success) fail(`--email: ${email.error.issues[0]!.message}\n\n${usage}`);
  if (command === "create" && !values.name?.trim()) fail(`--name is required for create\n\n${usage}`);

  const password = newPasswordSchema.safeParse(await readPassword("New password: "));
  if (!password.success) fail(password.error.issues[0]!.message);

  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    // This command sets passwords outright; nobody here types a current password to count.
    const auth = createAuthService(database.db, systemClock, { passwordChangeFailures: UNCOUNTED_PASSWORD_CHANGES });
    if (command === "create") {
      await auth.createAdmin({ email: email.data, name: values.name!, password: password.data });
      console.log(`Admin ${email.data} created.`);
    } else {
      await auth.resetPassword(email.data, password.data);
      console.log(`Password of ${email.data} changed; their sessions were ended.`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  if (error instanceof HttpError || error instanceof ConfigError) fail(error.message);
  fail(`Failed: ${(error as Error).message}`);
});
