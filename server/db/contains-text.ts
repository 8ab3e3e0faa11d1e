import { sql } from "kysely";

/** `column` contains `text`, ignoring case, on SQLite and PostgreSQL alike (`%` and `_` in the text are literal). */
export const containsText = (column: string, text: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${`%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;
