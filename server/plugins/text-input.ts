import type { FastifyInstance } from "fastify";
import { HttpError } from "../errors";

/**
 * No text we store or look up may hold a NUL character: PostgreSQL refuses it in text columns (the
 * write would fail as a 500) and SQLite would keep a string that ends early for some readers. One check
 * for every body, query and path parameter, before any schema or handler sees them.
 */
export function registerTextInputCheck(api: FastifyInstance) {
  api.addHook("preValidation", async (request) => {
    for (const [where, value] of [
      ["body", request.body],
      ["query", request.query],
      ["params", request.params],
    ] as const) {
      const field = findNul(value, "");
      if (field !== null) {
        throw new HttpError(400, "Text must not contain NUL characters (\\u0000)", [{ field: field || where, message: "Remove the NUL character" }]);
      }
    }
  });
}

/** The dotted path of the first string (or key) holding a NUL, "" for the value itself, or null. */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (value === null || typeof value !== "object" || depth > 32) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes("\u0000")) return itemPath;
    const found = findNul(item, itemPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
