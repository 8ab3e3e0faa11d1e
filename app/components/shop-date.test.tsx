import { renderToStaticMarkup } from "react-dom/server";
import { expect, it } from "vitest";
import { formatDecidingDay } from "../../domain/shared/bikram-sambat-dates";
import { ShopDate } from "./shop-date";

it("says the day as formatDecidingDay writes it, with the Nepali page's AD day marked English", () => {
  const nepali = renderToStaticMarkup(<ShopDate date="2026-12-01" locale="ne" />);
  expect(nepali).toBe('२०८३ मंसिर १५ (<span lang="en">1 Dec 2026</span>)');
  expect(nepali.replace(/<[^>]+>/g, "")).toBe(formatDecidingDay("2026-12-01", "ne"));
  expect(renderToStaticMarkup(<ShopDate date="2026-12-01" locale="en" />)).toBe(formatDecidingDay("2026-12-01", "en"));
});
