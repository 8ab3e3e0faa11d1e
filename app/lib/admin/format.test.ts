import { describe, expect, it } from "vitest";
import { formatDateTime, formatWait } from "./format";

describe("formatWait", () => {
  it.each([
    [0, "a minute"],
    [45, "a minute"],
    [61, "2 minutes"],
    [3540, "59 minutes"],
    [3600, "60 minutes"],
    [7200, "2 hours"],
    [Number.NaN, "a minute"],
  ])("%d s → %s", (seconds, text) => {
    expect(formatWait(seconds)).toBe(text);
  });
});

it("formats an instant in Nepal time whatever the machine's zone", () => {
  // 18:30 UTC is 00:15 the next day in Kathmandu (UTC+5:45).
  expect(formatDateTime("2025-03-01T18:30:00.000Z")).toBe("2 Mar 2025, 00:15");
});
