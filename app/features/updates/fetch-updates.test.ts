import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchUpdates, updatesStateFromAnswer } from "./fetch-updates";

const now = new Date("2026-11-20T00:00:00Z");
const post = { _id: "a", Title: "A", Description: "", ImageUrl: "/a.svg", Date: "2026-11-02", createdAt: "2026-11-02T06:00:00.000Z" };
const answering = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

afterEach(() => vi.restoreAllMocks());

describe("updatesStateFromAnswer", () => {
  it("groups the posts of a successful answer", () => {
    const state = updatesStateFromAnswer({ success: true, data: [post], message: "Updates fetched" }, now);
    expect(state.status === "ok" && state.months.map((m) => m.label)).toEqual(["November 2026"]);
  });

  it("counts a post without createdAt as now", () => {
    const state = updatesStateFromAnswer({ success: true, data: [{ ...post, createdAt: undefined }] }, now);
    expect(state.status === "ok" && state.months[0]!.posts[0]!.createdAt).toBe(now.toISOString());
  });

  it("shows the server's message when success is false", () => {
    expect(updatesStateFromAnswer({ success: false, message: "Updates are being moved" })).toEqual({
      status: "error",
      detail: "Updates are being moved",
    });
  });

  it.each([
    ["success is false without a message", { success: false }],
    ["success is false with an empty message", { success: false, message: " " }],
    ["the answer has no list", { success: true }],
    ["the answer is not the expected shape", { data: "nope" }],
    ["the answer is not an object", null],
  ])("says 'Failed to fetch updates' when %s", (_case, body) => {
    expect(updatesStateFromAnswer(body)).toEqual({ status: "error", detail: "Failed to fetch updates" });
  });
});

describe("fetchUpdates", () => {
  it("reads GET /api/admin/update", async () => {
    const request = answering(200, { success: true, data: [post], message: "Updates fetched" });
    const state = await fetchUpdates(request, now);
    expect(request).toHaveBeenCalledWith("/api/admin/update", expect.anything());
    expect(state.status).toBe("ok");
  });

  it("names the status of an answer that is not OK", async () => {
    expect(await fetchUpdates(answering(503, { success: false, message: "Service unavailable" }))).toEqual({
      status: "error",
      detail: "Server responded with status: 503",
    });
  });

  it("says 'An error occurred while fetching updates' when the request fails", async () => {
    const offline = vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))) as unknown as typeof fetch;
    expect(await fetchUpdates(offline)).toEqual({ status: "error", detail: "An error occurred while fetching updates" });
  });

  it("treats an OK answer that is not JSON as a failed request", async () => {
    const html = vi.fn(async () => new Response("<html>", { status: 200 })) as unknown as typeof fetch;
    expect(await fetchUpdates(html)).toEqual({ status: "error", detail: "An error occurred while fetching updates" });
  });
});
