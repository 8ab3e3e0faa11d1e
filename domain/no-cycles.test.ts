import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const domainDir = dirname(new URL(import.meta.url).pathname);

function domainFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return domainFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every module of domain/ a file imports, type-only imports and re-exports included. */
function importsOf(file: string, known: Set<string>): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((name) => name.startsWith("."))
    .map((name) => resolve(dirname(file), name))
    .flatMap((base) => [`${base}.ts`, `${base}.tsx`, join(base, "index.ts")].filter((candidate) => known.has(candidate)).slice(0, 1));
}

/** The import cycles among `files`, each as the list of files around it. */
function findCycles(files: string[]): string[][] {
  const known = new Set(files);
  const graph = new Map(files.map((file) => [file, importsOf(file, known)]));
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") cycles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, "done");
  };
  for (const file of files) if (!state.has(file)) visit(file);
  return cycles;
}

describe("domain/ imports", () => {
  // A cycle makes module order matter (a value read before it is set) and ties modules that should stand apart.
  it("has no import cycles: schemas import the words they need, never the module that re-exports them", () => {
    const cycles = findCycles(domainFiles(domainDir)).map((cycle) => cycle.map((file) => relative(domainDir, file)).join(" → "));
    expect(cycles).toEqual([]);
  });
});
