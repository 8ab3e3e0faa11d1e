import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import type { Clock } from "./db/clock";
import type { Db } from "./db/database";
import { createLoginThrottle, PASSWORD_CHANGE_FAILURES_PER_ACCOUNT } from "./modules/auth/login-throttle";
import { createAuthService } from "./modules/auth/service";
import { createCarouselService } from "./modules/carousel/service";
import { createCatalogueService } from "./modules/catalogue/service";
import { createNewsletterService } from "./modules/newsletter/service";
import { createOrdersService } from "./modules/orders/service";
import { createSettingsService } from "./modules/settings/service";
import { createTrendingService } from "./modules/trending/service";
import { createUpdatesService } from "./modules/updates/service";
import { createUploadsService } from "./modules/uploads/service";
import { createVideosService } from "./modules/videos/service";
import { createWindowCounter } from "./plugins/rate-limits";

/** What route handlers and React Router loaders use; nothing outside reaches the database directly. */
export function createServices(db: Db, clock: Clock, config: Config, log: FastifyBaseLogger) {
  const catalogue = createCatalogueService(db, clock, { publicUrl: config.publicUrl });
  const settings = createSettingsService(db, clock);
  /** Wrong current passwords per admin id; in memory, like the other limits. Counted by auth.changeOwnPassword alone. */
  const passwordChangeFailures = createWindowCounter(PASSWORD_CHANGE_FAILURES_PER_ACCOUNT, () => clock().getTime());
  return {
    auth: createAuthService(db, clock, { passwordChangeFailures }),
    loginThrottle: createLoginThrottle(db, clock),
    catalogue,
    carousel: createCarouselService(db, clock),
    updates: createUpdatesService(db, clock),
    videos: createVideosService(db, clock),
    settings,
    trending: createTrendingService(config.tmdb, clock, { log }),
    newsletter: createNewsletterService(db, clock),
    uploads: createUploadsService(config.mediaDir),
    orders: createOrdersService(db, clock, { catalogue, settings }),
  };
}
export type Services = ReturnType<typeof createServices>;
