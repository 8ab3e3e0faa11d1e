/**
 * One CSV field (RFC 4180). Text a spreadsheet would read as a formula (= + - @, or a tab or carriage return
 * first) gets a leading ' so opening the file cannot run anything. Numbers are written as they are: an amount
 * of −500 stays a number a spreadsheet can add up.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function toCsv(header: string[], rows: Array<Array<string | number | null>>): string {
  return [header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** The headers of every CSV download: a file to save, never a page to show. */
export const csvHeaders = (filename: string) => ({
  "content-type": "text/csv; charset=utf-8",
  "content-disposition": `attachment; filename="${filename}"`,
});
