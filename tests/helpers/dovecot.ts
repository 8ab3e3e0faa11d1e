import { execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ImapFlow } from "imapflow";
import { describe } from "vitest";
import { freePort } from "../../e2e/server";

const run = promisify(execFile);
const DOVECOT = "/usr/sbin/dovecot";

/** Whether Debian's dovecot-imapd is here. CI installs it (.ci/run): there, its absence fails the tests that need it. */
export const dovecotPresent = fs.existsSync(DOVECOT) || Boolean(process.env.CI);
export const DOVECOT_MISSING = "Dovecot is not installed (apt-get install dovecot-imapd): the mailbox tests are skipped";

/** A group of tests that needs Dovecot (and `when`): skipped where it is absent, its title then saying why. */
export function describeWithDovecot(title: string, body: () => void, when = true) {
  describe.runIf(when && dovecotPresent)(dovecotPresent ? title : `${title}: ${DOVECOT_MISSING}`, body);
}

export const FIXTURES = path.join(import.meta.dirname, "../fixtures/provider-mail");

export interface TestMailServer {
  host: string;
  port: number;
  /** The throwaway users of its passwd file, each with a mailbox of its own. */
  users: { user: string; password: string }[];
  /** Delivers a fixture (or a raw mail) into a user's INBOX by IMAP APPEND, received at `at`. */
  deliver(user: string, fixture: string, at?: Date): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A real IMAP server for a test file: Debian's Dovecot on a loopback port with its own configuration, passwd-file
 * users and Maildirs in a temporary folder, and plain IMAP (loopback only). Stopping ends it and removes the folder.
 */
export async function startDovecot(userCount = 2): Promise<TestMailServer> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "pasal-dovecot-"));
  const port = await freePort();
  const users = Array.from({ length: userCount }, (_, index) => ({ user: `account${index + 1}@mail.test`, password: `app-password-${index + 1}` }));
  fs.writeFileSync(path.join(root, "passwd"), users.map(({ user, password }) => `${user}:{PLAIN}${password}\n`).join(""));
  fs.mkdirSync(path.join(root, "home"));
  // The mail processes run as the owner below and must reach their homes.
  fs.chmodSync(root, 0o755);
  // Dovecot gives mail to no uid below first_valid_uid, root included: as root, the mail is its own user's.
  const owner = process.getuid?.() === 0 ? { uid: "dovecot", gid: "dovecot" } : { uid: String(process.getuid?.()), gid: String(process.getgid?.()) };
  if (process.getuid?.() === 0) await run("chown", ["dovecot:dovecot", path.join(root, "home")]);
  fs.writeFileSync(
    path.join(root, "dovecot.conf"),
    `protocols = imap
listen = 127.0.0.1
base_dir = ${root}/run
state_dir = ${root}/state
log_path = ${root}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
first_valid_uid = 1
auth_failure_delay = 0
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${root}/passwd
}
userdb {
  driver = static
  args = uid=${owner.uid} gid=${owner.gid} home=${root}/home/%u
}
mail_location = maildir:~/Maildir
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service pop3-login {
  inet_listener pop3 {
    port = 0
  }
}
`,
  );
  const config = path.join(root, "dovecot.conf");
  // The master goes into the background and keeps its parent's pipes: started with none, waited for by its exit.
  await new Promise<void>((resolve, reject) => {
    const master = spawn(DOVECOT, ["-c", config], { stdio: "ignore" });
    master.once("error", reject);
    master.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`dovecot exited with ${code}: see ${root}/dovecot.log`))));
  });

  const passwordOf = (user: string) => users.find((entry) => entry.user === user)!.password;
  return {
    host: "127.0.0.1",
    port,
    users,
    async deliver(user, fixture, at = new Date()) {
      const source = fs.existsSync(path.join(FIXTURES, fixture)) ? fs.readFileSync(path.join(FIXTURES, fixture), "utf8") : fixture;
      const client = new ImapFlow({
        host: "127.0.0.1",
        port,
        secure: false,
        doSTARTTLS: false,
        auth: { user, pass: passwordOf(user) },
        logger: false,
      });
      await client.connect();
      try {
        await client.append("INBOX", source.replace(/\r?\n/g, "\r\n"), [], at);
      } finally {
        await client.logout();
      }
    },
    async stop() {
      await new Promise((resolve) => spawn(DOVECOT, ["-c", config, "stop"], { stdio: "ignore" }).once("close", resolve));
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
