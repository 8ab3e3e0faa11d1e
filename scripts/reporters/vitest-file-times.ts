// A Vitest reporter for `npm test`'s closing table: each test file's wall time, as one JSON line per file
// appended to the file FILE_TIMES names (scripts/test.mjs reads it). Set beside the default reporter.
import { appendFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

export default class FileTimes implements Reporter {
  onTestModuleEnd(testModule: TestModule) {
    const out = process.env.FILE_TIMES;
    if (!out) return;
    const { duration, collectDuration, setupDuration, prepareDuration } = testModule.diagnostic();
    const line = {
      file: path.relative(process.cwd(), testModule.moduleId),
      project: testModule.project.name,
      seconds: (duration + collectDuration + setupDuration + prepareDuration) / 1000,
    };
    appendFileSync(out, `${JSON.stringify(line)}\n`);
  }
}
