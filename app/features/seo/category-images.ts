import type { Category } from "../../../domain/catalogue/catalogue";

const files: Record<Category, string> = {
  ott: "ott",
  music: "music",
  vpn: "vpn",
  software: "software",
  games: "games",
  "18+": "18-plus",
};

/**
 * The category tiles (400 x 300) in public/images/categories: plain artwork without words (the home page writes
 * them over it, in its language), safe for any preview.
 */
export function categoryImage(category: Category) {
  return { path: `/images/categories/${files[category]}.svg`, width: 400, height: 300 };
}
