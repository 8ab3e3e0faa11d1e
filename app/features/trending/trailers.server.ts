import type { AppLoadContext } from "react-router";
import type { Video } from "../../../domain/videos";

export type TrailersView = { videos: Array<Omit<Video, "version">>; failed: boolean };

/** The admin's trailer list; when it cannot be read the page still shows the trending titles. */
export async function loadTrailers(context: AppLoadContext): Promise<TrailersView> {
  try {
    const videos = await context.services.videos.list();
    return { videos: videos.map(({ _id, Name, Platform, TrailerLink }) => ({ _id, Name, Platform, TrailerLink })), failed: false };
  } catch (error) {
    context.log.warn({ reason: (error as Error).message }, "trailer videos unavailable");
    context.fellBack = true;
    return { videos: [], failed: true };
  }
}
