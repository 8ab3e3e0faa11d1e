import { afterEach, expect, it, vi } from "vitest";
import type { AppLoadContext } from "react-router";
import { loadUpdates } from "./load-updates.server";

const contextWith = (list: () => Promise<unknown[]>) => ({ services: { updates: { list } }, log: { warn: vi.fn() } }) as unknown as AppLoadContext;

afterEach(() => vi.restoreAllMocks());

it("groups the posts by month", async () => {
  const state = await loadUpdates(
    contextWith(async () => [
      { _id: "a", Title: "A", Description: "", ImageUrl: "/a.svg", Date: "2026-11-02", createdAt: "2026-11-02T06:00:00.000Z" },
      { _id: "b", Title: "B", Description: "", ImageUrl: "/b.svg", Date: "2026-10-02", createdAt: "2026-10-02T06:00:00.000Z" },
    ]),
    "en",
    new Date("2026-11-20T00:00:00Z"),
  );
  expect(state.status === "ok" && state.months.map((m) => m.label)).toEqual(["November 2026", "October 2026"]);
});

it("turns a failing service into the page's error state", async () => {
  const context = contextWith(() => Promise.reject(new Error("no such table: update_posts")));
  const state = await loadUpdates(context, "en");
  expect(state).toEqual({ status: "error", detail: "Failed to fetch updates" });
  // An error state is not kept for every shopper (ADR 0048).
  expect(context.fellBack).toBe(true);
  expect(context.log.warn).toHaveBeenCalledWith({ reason: "no such table: update_posts" }, "updates unavailable");
});
