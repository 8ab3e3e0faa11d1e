import { describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";

const args = (url: string, signal?: AbortSignal) => {
  const log = { warn: vi.fn(), error: vi.fn() };
  return { log, args: { request: new Request(url, { signal }), params: {}, context: { log } } as unknown as Parameters<typeof handleError>[1] };
};

describe("handleError", () => {
  it("logs a refusal (4xx) in one line without its stack, in the request's log", () => {
    const { log, args: refused } = args("http://localhost/admin/orders.data?before=PSL-22222");
    const refusal = Object.assign(new Error("That page of orders no longer exists"), { statusCode: 400 });
    handleError(refusal, refused);
    expect(log.warn).toHaveBeenCalledExactlyOnceWith("400 for GET /admin/orders.data: That page of orders no longer exists");
    expect(log.error).not.toHaveBeenCalled();
  });

  it("logs any other error whole, and nothing for a request the visitor abandoned", () => {
    const failed = args("http://localhost/prices");
    const fault = Object.assign(new Error("database gone"), { statusCode: 500 });
    handleError(fault, failed.args);
    expect(failed.log.error).toHaveBeenCalledExactlyOnceWith({ err: fault }, "render failed");

    const abandoned = args("http://localhost/prices", AbortSignal.abort());
    handleError(new Error("late"), abandoned.args);
    expect(abandoned.log.error).not.toHaveBeenCalled();
    expect(abandoned.log.warn).not.toHaveBeenCalled();
  });

  it("logs nothing for a form sent to a page that takes none: the 405 is in the request's line", () => {
    const posted = args("http://localhost/prices");
    // What React Router hands over for a POST to a route without an action.
    const refusal = {
      status: 405,
      statusText: "Method Not Allowed",
      internal: true,
      data: 'Error: You made a POST request to "/prices" but did not provide an `action` for route "routes/prices"',
      error: new Error('You made a POST request to "/prices" but did not provide an `action` for route "routes/prices"'),
    };
    handleError(refusal, posted.args);
    expect(posted.log.error).not.toHaveBeenCalled();
    expect(posted.log.warn).not.toHaveBeenCalled();
  });
});
