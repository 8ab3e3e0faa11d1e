import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { expect, it } from "vitest";
import { defaultOrderLimits, type RefusalSummary } from "../../../domain/order-limits/schemas";
import { ToastProvider } from "../../lib/admin/toast";
import { RefusalsBanner } from "./refusals-banner";

const text = (refusals: RefusalSummary[]) => {
  const Banner = () => (
    <ToastProvider>
      <RefusalsBanner refusals={refusals} limits={defaultOrderLimits} />
    </ToastProvider>
  );
  const Stub = createRoutesStub([{ path: "/", Component: Banner }]);
  return renderToStaticMarkup(<Stub />).replace(/<[^>]+>/g, "");
};

it("names the pages a busy shop turned away beside the ceilings' refusals, with what went on meanwhile (ADR 0125)", () => {
  const banner = text([
    { kind: "orders", refused: 3, firstAt: "2026-12-02T05:12:00.000Z", lastAt: "2026-12-02T05:13:40.000Z" },
    { kind: "busy-pages", refused: 1240, firstAt: "2026-12-02T05:12:00.000Z", lastAt: "2026-12-02T05:14:10.000Z" },
  ]);
  expect(banner).toContain("3 orders refused between");
  expect(banner).toContain("1,240 pages turned away between");
  expect(banner).toContain(
    "more pages nobody had asked for before than the server could make at once. Pages already made, checkout, order pages and your admin went on.",
  );
  expect(banner).toContain("asked to try again a minute later");
  expect(banner).toContain("asked its shopper to try again in 2 seconds");
  // Pages alone: nothing about a minute, a limit to raise or spam to cancel.
  const pagesAlone = text([{ kind: "busy-pages", refused: 1, firstAt: "2026-12-02T05:12:00.000Z", lastAt: "2026-12-02T05:12:00.000Z" }]);
  expect(pagesAlone).toContain("1 page turned away at");
  expect(pagesAlone).toContain("try again in 2 seconds");
  expect(pagesAlone).not.toContain("a minute later");
  expect(pagesAlone).not.toContain("Cancel as spam");
});
