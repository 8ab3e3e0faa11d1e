/** `codeLines[i]`: the line `codes[i]` was on. */
export type KeyImportPlan = { codes: string[]; codeLines: number[]; emptyLines: number[]; duplicateLines: number[] };

/** The codes of a paste or file, one a line: empty lines and repeats of an earlier line are reported by line number, not taken. */
export function parseKeyLines(text: string): KeyImportPlan {
  const codes: string[] = [];
  const codeLines: number[] = [];
  const emptyLines: number[] = [];
  const duplicateLines: number[] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r?\n/);
  // A file's final newline ends its last line; it does not start an empty one.
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  lines.forEach((raw, index) => {
    // A CSV of one column may quote its values.
    const code = raw
      .trim()
      .replace(/^"(.*)"$/, "$1")
      .trim();
    if (!code) emptyLines.push(index + 1);
    else if (seen.has(code)) duplicateLines.push(index + 1);
    else {
      seen.add(code);
      codes.push(code);
      codeLines.push(index + 1);
    }
  });
  return { codes, codeLines, emptyLines, duplicateLines };
}
