import type { Availability } from "../../domain/ledger/availability";
import type { Category, Status } from "../../domain/catalogue/catalogue";
import type { Locale } from "../../domain/shared/locale";
import { formatNumber } from "../../domain/shared/locale-format";
import { m } from "../paraglide/messages";

/**
 * The storefront's words for the catalogue's fixed values, in the page's language (ADR 0091): domain/
 * keeps the English the admin and the API use, these are what a shopper reads. Numbers go in through
 * formatNumber, so Nepali pages show Devanagari digits.
 */
export const categoryLabel = (category: Category): string =>
  ({ ott: m.cat_ott, music: m.cat_music, vpn: m.cat_vpn, software: m.cat_software, games: m.cat_games, "18+": m.cat_adult })[category]();

/** The line under a category's name on its home tile: what it sells. */
export const categoryTagline = (category: Category): string =>
  ({
    ott: m.cat_ott_tagline,
    music: m.cat_music_tagline,
    vpn: m.cat_vpn_tagline,
    software: m.cat_software_tagline,
    games: m.cat_games_tagline,
    "18+": m.cat_adult_tagline,
  })[category]();

export const statusLabel = (status: Exclude<Status, "none">): string => (status === "shared" ? m.status_shared() : m.status_private());

export const monthsText = (months: number, locale: Locale): string =>
  months === 1 ? m.months_one() : m.months_many({ months: formatNumber(months, locale) });

export const devicesText = (count: number, locale: Locale): string =>
  count === 1 ? m.devices_one() : m.devices_many({ count: formatNumber(count, locale) });

export function availabilityText(availability: Availability, locale: Locale): string {
  if (availability.state === "out") return m.stock_out();
  if (availability.state === "few") return m.stock_few({ left: formatNumber(availability.left, locale) });
  return m.stock_in();
}

/** "3 items" in the page's language. */
export const itemsText = (n: number, locale: Locale): string => (n === 1 ? m.items_one() : m.items_many({ count: formatNumber(n, locale) }));
