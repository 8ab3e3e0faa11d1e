import fs from "node:fs";
import path from "node:path";

/** Creates `dir` if needed; false when it cannot be made or written to. */
export function ensureWritableDirectory(dir: string): boolean {
  try {
    makeDirectory(dir);
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/** mkdir -p, one level at a time: Node's recursive mkdir can spin forever on pseudo file systems such as /proc. */
function makeDirectory(dir: string) {
  if (fs.existsSync(dir)) return;
  makeDirectory(path.dirname(dir));
  fs.mkdirSync(dir);
}

/** Creates `file` empty with mode 0600 when it does not exist yet; an existing file keeps its mode. */
export function createOwnerOnly(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, "wx", 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}
