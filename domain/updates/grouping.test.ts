import { afterEach, describe, expect, it, vi } from "vitest";
import { groupUpdatesByMonth, type UpdatePostInput } from "./grouping";

const post = (id: string, createdAt: string | null | undefined, extra: Partial<UpdatePostInput> = {}): UpdatePostInput => ({
  _id: id,
  Title: `Post ${id}`,
  Description: `About ${id}`,
  ImageUrl: `/images/${id}.svg`,
  createdAt,
  ...extra,
});

const now = new Date("2026-11-20T10:00:00Z");

afterEach(() => vi.restoreAllMocks());

describe("groupUpdatesByMonth", () => {
  it("groups by month and year, newest month and newest post first", () => {
    const groups = groupUpdatesByMonth(
      [post("a", "2026-09-03T08:00:00Z"), post("b", "2026-11-12T08:00:00Z"), post("c", "2025-11-30T08:00:00Z"), post("d", "2026-11-15T08:00:00Z")],
      { now },
    );
    expect(groups.map((g) => [g.label, g.posts.map((p) => p._id)])).toEqual([
      ["November 2026", ["d", "b"]],
      ["September 2026", ["a"]],
      ["November 2025", ["c"]],
    ]);
    expect(groups[0]!.key).toBe("2026-11");
    expect(groups[0]!.posts[0]).toEqual({
      _id: "d",
      Title: "Post d",
      Description: "About d",
      ImageUrl: "/images/d.svg",
      createdAt: "2026-11-15T08:00:00.000Z",
      dateLabel: "Nov 15, 2026",
      lang: {},
    });
  });

  it("shows the seller's Nepali title and description on Nepali pages where given, the English otherwise", () => {
    const posts = [post("a", "2026-11-12T08:00:00Z", { TitleNe: "नयाँ योजना", DescriptionNe: null })];
    expect(groupUpdatesByMonth(posts, { now, locale: "ne" })[0]!.posts[0]).toMatchObject({ Title: "नयाँ योजना", Description: "About a" });
    // The English description a Nepali page falls back to is marked so.
    expect(groupUpdatesByMonth(posts, { now, locale: "ne" })[0]!.posts[0]!.lang).toEqual({ title: undefined, description: "en" });
    expect(groupUpdatesByMonth(posts, { now, locale: "en" })[0]!.posts[0]!.lang).toEqual({ title: undefined, description: undefined });
    expect(groupUpdatesByMonth(posts, { now, locale: "en" })[0]!.posts[0]).toMatchObject({ Title: "Post a", Description: "About a" });
    expect(groupUpdatesByMonth(posts, { now })[0]!.posts[0]).toMatchObject({ Title: "Post a" });
  });

  it("uses Nepal's calendar, not the server's", () => {
    // 20:00 UTC on 31 October is 01:45 on 1 November in Kathmandu.
    const [group] = groupUpdatesByMonth([post("a", "2026-10-31T20:00:00Z")], { now });
    expect(group!.label).toBe("November 2026");
    expect(group!.posts[0]!.dateLabel).toBe("Nov 1, 2026");
    expect(groupUpdatesByMonth([post("a", "2026-10-31T20:00:00Z")], { now, timeZone: "UTC" })[0]!.label).toBe("October 2026");
  });

  it("skips and logs a post whose date cannot be read", () => {
    const warn = vi.fn();
    const groups = groupUpdatesByMonth([post("bad", "not a date"), post("ok", "2026-11-01T00:00:00Z")], { now, warn });
    expect(groups.flatMap((g) => g.posts.map((p) => p._id))).toEqual(["ok"]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toContain("bad");
  });

  it("counts a post without createdAt as posted now", () => {
    const groups = groupUpdatesByMonth([post("old", "2026-01-05T00:00:00Z"), post("missing", undefined), post("null", null), post("blank", " ")], {
      now,
    });
    expect(groups.map((g) => g.label)).toEqual(["November 2026", "January 2026"]);
    expect(groups[0]!.posts.map((p) => p.createdAt)).toEqual([now.toISOString(), now.toISOString(), now.toISOString()]);
  });

  it("gives nothing for no posts", () => {
    expect(groupUpdatesByMonth([], { now })).toEqual([]);
  });
});
