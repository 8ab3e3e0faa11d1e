import type { AppLoadContext } from "react-router";
import type { Video } from "../../../domain/videos/schemas";
import { readOrFallBack } from "../../lib/fall-back.server";

export type TrailersView = { videos: Array<Omit<Video, "version">>; failed: boolean };

/** The admin's trailer list; when it cannot be read the page still shows the trending titles. */
export function loadTrailers(context: AppLoadContext): Promise<TrailersView> {
  return readOrFallBack<TrailersView>(
    context,
    "trailer videos unavailable",
    async () => {
      const videos = await context.services.videos.list();
      return { videos: videos.map(({ _id, Name, Platform, TrailerLink }) => ({ _id, Name, Platform, TrailerLink })), failed: false };
    },
    () => ({ videos: [], failed: true }),
  );
}
