import { describe, expect, it } from "vitest";
import { AUTO_DELIVERY_REASON_TEXT, AUTO_DELIVERY_REASONS, undeliveredReasons } from "./auto-delivery";

describe("undeliveredReasons", () => {
  it("is null when every line got its seat or key", () => {
    expect(
      undeliveredReasons([
        { lineId: "a", taken: true },
        { lineId: "b", taken: true },
      ]),
    ).toBeNull();
  });

  it("gives each line its reason, and a line that could have gone waits for the others", () => {
    const reasons = undeliveredReasons([
      { lineId: "a", taken: true },
      { lineId: "b", taken: false, reason: "no-seat" },
      { lineId: "c", taken: false, reason: "not-enabled" },
    ]);
    expect(Object.fromEntries(reasons!)).toEqual({ a: "other-lines", b: "no-seat", c: "not-enabled" });
  });

  it("words every reason for the order card", () => {
    for (const reason of AUTO_DELIVERY_REASONS) expect(AUTO_DELIVERY_REASON_TEXT[reason]).toMatch(/^Not delivered automatically: /);
  });
});
