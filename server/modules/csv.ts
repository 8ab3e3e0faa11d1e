import type { FastifyReply } from "fastify";

/**
 * One CSV field (RFC 4180). Every text is quoted, whatever it holds: a spreadsheet that splits on ";" (or a
 * tab) instead of "," would otherwise cut `a;=1+1` into a cell starting with "=". Text a spreadsheet would read
 * as a formula (= + - @, or a tab or carriage return first) also gets a leading ' so opening the file cannot run
 * anything. Numbers are written as they are: an amount of −500 stays a number a spreadsheet can add up.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
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
