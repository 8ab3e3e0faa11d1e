import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The accessibility suite scans each state in full in dark and, in light, only for the rules a colour can break
// (e2e/a11y.spec.ts, THEME_RULES). That holds while the theme changes colours only: an element shown or hidden by
// the theme would escape the full scan in the theme that shows it.
const SHOWN_OR_HIDDEN =
  /\bdark:(?:hidden|block|inline|inline-block|flex|inline-flex|grid|inline-grid|contents|table|sr-only|not-sr-only|invisible|visible|collapse)\b/;

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "paraglide" ? [] : sources(full);
    return /\.(tsx?|css)$/.test(entry.name) ? [full] : [];
  });
}

describe("the theme", () => {
  it("changes colours only: no element is shown or hidden by dark or light", () => {
    const found = sources("app").flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, index) => (SHOWN_OR_HIDDEN.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });
});
