import { describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";

const args = (url: string, signal?: AbortSignal) =>
  ({ request: new Request(url, { signal }), params: {}, context: {} }) as unknown as Parameters<typeof handleError>[1];

describe("handleError", () => {
  it("logs a refusal (4xx) in one line without its stack", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const refusal = Object.assign(new Error("That page of orders no longer exists"), { statusCode: 400 });
    handleError(refusal, args("http://localhost/admin/orders.data?before=PSL-22222"));
    expect(warn).toHaveBeenCalledExactlyOnceWith("400 for GET /admin/orders.data: That page of orders no longer exists");
    warn.mockRestore();
  });

  it("logs any other error whole, and nothing for a request the visitor abandoned", () => {
    // The same spy the strict-console setup watches: cleared below once its calls are checked.
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const fault = Object.assign(new Error("database gone"), { statusCode: 500 });
    handleError(fault, args("http://localhost/prices"));
    handleError(new Error("late"), args("http://localhost/prices", AbortSignal.abort()));
    expect(error.mock.calls).toEqual([[fault]]);
    error.mockClear();
  });
});
