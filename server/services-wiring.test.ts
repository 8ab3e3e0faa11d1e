import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { lateBound } from "./late-bound";

/**
 * Every name a function of this file declares and that is read before its declaration has run: a service used
 * before it is built, most often from inside a lambda handed to another service (ADR 0121). Function
 * declarations count too: hoisting would let them run before what they read is built.
 */
function usedBeforeBuilt(text: string): string[] {
  const file = "wiring.ts";
  const options: ts.CompilerOptions = { noResolve: true, noLib: true, types: [] };
  const host = ts.createCompilerHost(options);
  host.getSourceFile = (name, target) => (name === file ? ts.createSourceFile(file, text, target, true) : undefined);
  const program = ts.createProgram([file], options, host);
  const source = program.getSourceFile(file)!;
  const checker = program.getTypeChecker();
  const found: string[] = [];
  const isLocal = (declaration: ts.Node) => {
    for (let node = declaration.parent; node; node = node.parent) if (ts.isFunctionLike(node)) return true;
    return false;
  };
  /** Where a name is built: the end of the declaration that gives it its value. */
  const builtAt = (declaration: ts.Node) => {
    let node = declaration;
    while (ts.isBindingElement(node) || ts.isObjectBindingPattern(node) || ts.isArrayBindingPattern(node)) node = node.parent;
    return node.end;
  };
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node)) {
      const symbol = ts.isShorthandPropertyAssignment(node.parent)
        ? checker.getShorthandAssignmentValueSymbol(node.parent)
        : checker.getSymbolAtLocation(node);
      const declaration = symbol?.valueDeclaration;
      const named =
        declaration &&
        (ts.isVariableDeclaration(declaration) || ts.isBindingElement(declaration) || ts.isFunctionDeclaration(declaration)) &&
        declaration.getSourceFile() === source &&
        isLocal(declaration) &&
        declaration.name !== node;
      if (named && node.getStart(source) < builtAt(declaration)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
        found.push(`${node.text} (line ${line + 1})`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe("the services' wiring", () => {
  it("uses no service before it is built", () => {
    expect(usedBeforeBuilt(fs.readFileSync(path.resolve(import.meta.dirname, "services.ts"), "utf8"))).toEqual([]);
  });

  it("finds a service used before it is built, from a lambda too", () => {
    const wiring = [
      "export function build() {",
      "  const a = makeA({ late: () => b.run() });",
      "  const { b } = makeB(a);",
      "  const c = makeC({ d: () => d(), a });",
      "  function d() { return c; }",
      "  return { a, b, c };",
      "}",
    ];
    expect(usedBeforeBuilt(wiring.join("\n"))).toEqual(["b (line 2)", "d (line 4)"]);
  });

  it("late-bound hooks throw when called before they are bound, and bind once", () => {
    const hook = lateBound<[reference: string], string>("automatic delivery");
    expect(() => hook.call("PSL-1")).toThrow("automatic delivery is used before it is built");
    hook.bind((reference) => `delivered ${reference}`);
    expect(hook.call("PSL-1")).toBe("delivered PSL-1");
    expect(() => hook.bind(() => "again")).toThrow("bound twice");
  });
});
