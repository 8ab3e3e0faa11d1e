import type { FastifyReply } from "fastify";

/**
 * Where a spreadsheet may start a cell inside one of our texts: a comma, a semicolon or a tab (whichever it
 * splits on, heeding our quotes or not) and a line break, then any blanks and quotes before the next character.
 */
const CELL_STARTS = /([,;\t\r\n][\s"]*)(?=[=+\-@])/g;

/**
 * One CSV field (RFC 4180). Every text is quoted, whatever it holds. A spreadsheet that splits on ";" or a tab
 * instead of "," still cuts `Ram;=1+1;` into a cell `=1+1`, so no cell may start a formula under any of those
 * splits (ADR 0117): text a spreadsheet would read as one (= + - @, or a tab or carriage return first) gets a
 * leading ', and so does every = + - @ that follows a comma, semicolon, tab or line break (blanks and quotes
 * between). Numbers are written as they are: an amount of −500 stays a number a spreadsheet can add up.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const inside = value.replace(CELL_STARTS, "$1'");
  const safe = /^[\s"]*[=+\-@]|^[\t\r]/.test(inside) ? `'${inside}` : inside;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The header row is ours (plain column names), written bare; every row's text is quoted. */
export function toCsv(header: string[], rows: Array<Array<string | number | null>>): string {
  return [header.join(","), ...rows.map((row) => row.map(csvField).join(","))].join("\r\n") + "\r\n";
}

/** The headers of every CSV download: a file to save, never a page to show. */
const csvHeaders = (filename: string) => ({
  "content-type": "text/csv; charset=utf-8",
  "content-disposition": `attachment; filename="${filename}"`,
});

/** Answers a CSV download: the file `filename`, of the header row and the rows given. */
export function sendCsv(reply: FastifyReply, filename: string, header: string[], rows: Array<Array<string | number | null>>) {
  return reply.headers(csvHeaders(filename)).send(toCsv(header, rows));
}
