import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, loadConfig } from "./config";

// .env.example is a newcomer's list of every variable the config reads. These tests keep it so: a
// variable added to the config's schema and not to the file fails, and so does one the file names that the config
// does not read, or a value written there that the config would refuse.

const FILE = new URL("../.env.example", import.meta.url);

/** `NAME=value` on a line, or `# NAME=value`: a variable shown commented out. Other comments are prose. */
const ASSIGNMENT = /^(?:#\s?)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/;
/** `<what to put here>`: a value to replace, not one to check. */
const PLACEHOLDER = /^<.*>$/;

function assignments(text: string): { name: string; value: string; commented: boolean }[] {
  return text.split("\n").flatMap((line) => {
    const [, name, value = ""] = ASSIGNMENT.exec(line.trim()) ?? [];
    return name === undefined ? [] : [{ name, value, commented: line.trim().startsWith("#") }];
  });
}

describe(".env.example", () => {
  const text = readFileSync(FILE, "utf8");
  const written = assignments(text);

  it("names every variable the config reads, once each, and none that it does not read", () => {
    const names = written.map((line) => line.name);
    expect(
      names.filter((name, index) => names.indexOf(name) !== index),
      "named twice",
    ).toEqual([]);
    expect(
      CONFIG_VARIABLES.filter((name) => !names.includes(name)),
      "read by server/config.ts, missing from .env.example",
    ).toEqual([]);
    expect(
      names.filter((name) => !CONFIG_VARIABLES.includes(name)),
      "in .env.example, not read by server/config.ts",
    ).toEqual([]);
  });

  it("parses with the config as written, read the way node --env-file reads it", () => {
    expect(() => loadConfig(parseEnv(text))).not.toThrow();
  });

  it("parses with the config with every commented-out value but the placeholders set", () => {
    const shown = written.filter((line) => line.commented && !PLACEHOLDER.test(line.value));
    expect(shown.length).toBeGreaterThan(0);
    const env = { ...parseEnv(text), ...Object.fromEntries(shown.map((line) => [line.name, line.value])) };
    expect(() => loadConfig(env)).not.toThrow();
  });

  it("writes values that a shell's `. ./.env` reads as node --env-file does: no spaces, quotes or $", () => {
    const unsafe = written.filter((line) => !PLACEHOLDER.test(line.value) && /[\s'"`$\\#;&|<>()]/.test(line.value));
    expect(unsafe.map((line) => `${line.name}=${line.value}`)).toEqual([]);
  });
});
