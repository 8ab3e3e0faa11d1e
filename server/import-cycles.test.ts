import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseCircular, parseDependencyTree } from "dpdm";
import { describe, expect, it } from "vitest";

// Every import counts, `import type` included: a type-only circle is still one a reader must untangle.
async function circles(cwd: string, globs: string[]) {
  const tree = await parseDependencyTree(globs, { cwd, context: cwd, transform: false, exclude: /node_modules/ });
  return parseCircular(tree).map((circle) => circle.join(" -> "));
}

describe("imports", () => {
  it("form no circle in app, server and domain", { timeout: 60_000 }, async () => {
    const root = path.resolve(import.meta.dirname, "..");
    expect(await circles(root, ["app/**/*.{ts,tsx}", "server/**/*.ts", "domain/**/*.ts"])).toEqual([]);
  });

  it("are checked for type-only circles too", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pasal-cycles-"));
    try {
      fs.writeFileSync(path.join(dir, "a.ts"), 'import type { B } from "./b";\nexport type A = B[];\n');
      fs.writeFileSync(path.join(dir, "b.ts"), 'import type { A } from "./a";\nexport interface B { a: A }\n');
      expect(await circles(dir, ["*.ts"])).toHaveLength(1);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
