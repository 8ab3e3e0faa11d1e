// The catalogue's fixed words, in a module of their own so the schemas and catalogue.ts both read them one way.

export const CATEGORIES = ["ott", "music", "vpn", "software", "games", "18+"] as const;
export type Category = (typeof CATEGORIES)[number];

export const STATUSES = ["shared", "private", "none"] as const;
export type Status = (typeof STATUSES)[number];

export const MAX_PLAN_MONTHS = 36;
export const MAX_PLAN_PRICE = 10_000_000;

/** The longest search the price list reads from its query. */
export const MAX_QUERY_LENGTH = 100;

/** Labels the admin sees; the API takes them case-insensitively. */
export const CATEGORY_LABELS: Record<Category, string> = {
  ott: "OTT",
  music: "Music",
  vpn: "VPN",
  software: "Software",
  games: "Games",
  "18+": "18+",
};
