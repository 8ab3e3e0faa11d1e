import { priceInputSchema } from "../../domain/catalogue/schemas";
import { carouselInputSchema } from "../../domain/carousel/schemas";
import { updateInputSchema } from "../../domain/updates/schemas";
import { createCarouselRepository } from "../modules/carousel/repository";
import { createCatalogueRepository } from "../modules/catalogue/repository";
import { createSettingsRepository } from "../modules/settings/repository";
import { createUpdatesRepository } from "../modules/updates/repository";
import type { Clock } from "./clock";
import type { Db } from "./database";
import { defaultCatalogue } from "../../domain/catalogue/default-catalogue";
import { defaultSlides } from "../../domain/carousel/default-slides";
import { defaultUpdates } from "../../domain/updates/default-updates";

const SEEDED_KEY = "seeded_at";
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Writes the default catalogue, slides and update posts into a new database, once.
 * After that the content is the admin's: what they delete stays deleted.
 */
export async function seedDefaultContent(db: Db, clock: Clock): Promise<boolean> {
  const settings = createSettingsRepository();
  return db.transaction().execute(async (trx) => {
    if ((await settings.get(trx, SEEDED_KEY)) !== undefined) return false;
    const now = clock();
    const iso = now.toISOString();
    const catalogue = createCatalogueRepository();
    for (const item of defaultCatalogue) await catalogue.insert(trx, priceInputSchema.parse(item), iso);
    const carousel = createCarouselRepository();
    for (const [index, slide] of defaultSlides.entries()) {
      await carousel.insert(trx, carouselInputSchema.parse(slide), index, iso);
    }
    const updates = createUpdatesRepository();
    for (const { daysAgo, ...post } of defaultUpdates) {
      await updates.insert(trx, updateInputSchema.parse(post), new Date(now.getTime() - daysAgo * DAY_MS).toISOString());
    }
    await settings.set(trx, SEEDED_KEY, iso, iso);
    return true;
  });
}
