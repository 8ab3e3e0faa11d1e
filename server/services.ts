import type { Config } from "./config";
import type { Clock } from "./db/clock";
import type { Db } from "./db/database";
import { createAuthService } from "./modules/auth/service";
import { createCarouselService } from "./modules/carousel/service";
import { createCatalogueService } from "./modules/catalogue/service";
import { createNewsletterService } from "./modules/newsletter/service";
import { createSettingsService } from "./modules/settings/service";
import { createTrendingService } from "./modules/trending/service";
import { createUpdatesService } from "./modules/updates/service";
import { createUploadsService } from "./modules/uploads/service";
import { createVideosService } from "./modules/videos/service";

/** What route handlers and React Router loaders use; nothing outside reaches the database directly. */
export function createServices(db: Db, clock: Clock, config: Config) {
  return {
    auth: createAuthService(db, clock),
    catalogue: createCatalogueService(db, clock),
    carousel: createCarouselService(db, clock),
    updates: createUpdatesService(db, clock),
    videos: createVideosService(db, clock),
    settings: createSettingsService(db, clock),
    trending: createTrendingService(config.tmdb, clock),
    newsletter: createNewsletterService(db, clock),
    uploads: createUploadsService(config.mediaDir),
  };
}
export type Services = ReturnType<typeof createServices>;
