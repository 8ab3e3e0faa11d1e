// A Playwright reporter for `npm test`'s closing table: each spec file's worker-seconds (every test's tries,
// with their fixtures), as one JSON line per file and project appended to the file FILE_TIMES names.
import { appendFileSync } from "node:fs";
import path from "node:path";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";

export default class FileTimes implements Reporter {
  private readonly seconds = new Map<string, number>();

  onTestEnd(test: TestCase, result: TestResult) {
    const key = JSON.stringify([path.relative(process.cwd(), test.location.file), test.parent.project()?.name ?? ""]);
    this.seconds.set(key, (this.seconds.get(key) ?? 0) + result.duration / 1000);
  }

  onEnd() {
    const out = process.env.FILE_TIMES;
    if (!out) return;
    const lines = [...this.seconds].map(([key, seconds]) => {
      const [file, project] = JSON.parse(key) as [string, string];
      return JSON.stringify({ file, project, seconds });
    });
    appendFileSync(out, lines.map((line) => `${line}\n`).join(""));
  }

  printsToStdio() {
    return false;
  }
}
