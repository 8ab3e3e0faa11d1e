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
