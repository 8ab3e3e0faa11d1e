/**
 * Every cell a spreadsheet could cut `csv` into when it splits on "," or ";" or a tab, heeding quotes or not (each
 * such cell starts at a line's start or just after one of those), read from its start as a spreadsheet reads it:
 * blanks and quotes left out. Answers those that would start a formula, bare numbers aside (ADR 0117).
 */
export function formulaCells(csv: string): string[] {
  return csv
    .split(/[,;\t\r\n]/)
    .map((cell) => cell.replace(/^[\s"]*/, ""))
    .filter((cell) => /^[=+\-@]/.test(cell) && !/^-?\d+$/.test(cell));
}
