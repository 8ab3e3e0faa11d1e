// Admin accounts from the command line:
//   npm run admin -- create --email E --name N
//   npm run admin -- reset-password --email E
//   npm run admin -- rotate-key
// The password is read from a hidden prompt, or from standard input when that is not a terminal; never from argv.
import { parseArgs } from "node:util";
import { createInterface } from "node:readline";
import { adminEmailSchema, newPasswordSchema } from "../domain/auth/schemas";
import { ConfigError, loadConfig } from "../server/config";
import { systemClock } from "../server/db/clock";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { HttpError } from "../server/errors";
import { createAuthService, UNCOUNTED_PASSWORD_CHANGES } from "../server/modules/auth/service";
import { formatMasterKey } from "../server/modules/secrets/cipher";
import { SecretsKeyError } from "../server/modules/secrets/key";
import { rotateKey } from "../server/modules/secrets/stored";

const usage = `Usage:
  npm run admin -- create --email you@example.com --name "Your Name"
  npm run admin -- reset-password --email you@example.com
  npm run admin -- rotate-key     (stop every instance first)
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
  if (values.help || !command || !["create", "reset-password", "rotate-key"].includes(command)) fail(usage);
  if (command === "rotate-key") return rotateKeyCommand();
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

/** Re-encrypts every stored password, PIN and licence key under a new key, in one transaction. */
async function rotateKeyCommand() {
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const { newKey, keyFile, counts } = await rotateKey(database.db, config.secrets, systemClock().toISOString());
    console.log(
      `Re-encrypted ${counts.accounts} account passwords, ${counts.seats} PINs, ${counts.keys} licence keys, ${counts.orderLinks} order links and ${counts.customerLinks} customer links under a new key.`,
    );
    if (keyFile) {
      console.log(`The new key is in ${keyFile}. Copy it to every instance and to your key backup (kept apart from the database backups).`);
    } else {
      console.log(`Set SECRETS_KEY to this new key on every instance before starting them, and keep a copy apart from the database backups:`);
      console.log(formatMasterKey(newKey));
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  if (error instanceof HttpError || error instanceof ConfigError || error instanceof SecretsKeyError) fail(error.message);
  fail(`Failed: ${(error as Error).message}`);
});
