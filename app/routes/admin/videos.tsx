import { isRouteErrorResponse } from "react-router";
import type { Video } from "../../../domain/videos/schemas";
import { videoActionSchema } from "../../features/admin-videos/video-actions";
import { VideoManager } from "../../features/admin-videos/video-manager";
import { VIDEO_ERRORS } from "../../features/admin-videos/video-messages";
import { answer, reachServer } from "../../lib/admin/admin-action";
import { screenErrorBoundary } from "../../lib/admin/screen-error";
import type { Route } from "./+types/videos";

/** The list is read only once asked for ('View All Videos' adds `?list=all`), as in the spec's screen. */
const listAsked = (request: Request) => new URL(request.url).searchParams.get("list") === "all";

type VideoList = { videos: Video[] | null; listError: string | null };

export async function loader({ context, request }: Route.LoaderArgs): Promise<VideoList> {
  if (!listAsked(request)) return { videos: null, listError: null };
  try {
    return { videos: await context.services.videos.list(), listError: null };
  } catch (error) {
    // The spec shows a failed list as red text in the form, not as a failed screen.
    context.log.error({ err: error }, "could not read the videos");
    return { videos: null, listError: VIDEO_ERRORS.list.fallback };
  }
}

/**
 * A list request that fails is the spec's red text in the form, not the screen's error: a dropped connection
 * is its network text, an HTTP 5xx (the server, or a proxy before it) its 'Failed to fetch videos'. A signed-out
 * admin (401) and the screen's own load are the screen's to handle.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs): Promise<VideoList> {
  try {
    return await serverLoader();
  } catch (error) {
    if (!listAsked(request)) throw error;
    const status = isRouteErrorResponse(error) || error instanceof Response ? error.status : null;
    if (status === null) return { videos: null, listError: VIDEO_ERRORS.list.network };
    if (status >= 500) return { videos: null, listError: VIDEO_ERRORS.list.fallback };
    throw error;
  }
}

export async function action({ context, request }: Route.ActionArgs) {
  const { videos } = context.services;
  return answer(request, videoActionSchema, async (form) => {
    if (form.intent === "delete") {
      await videos.delete(form.id);
      return "Video deleted";
    }
    const { created } = await (form.intent === "update" ? videos.save(form.fields, form.id, form.version) : videos.save(form.fields));
    return created ? "Video added" : "Video updated";
  });
}

export const clientAction = (args: Route.ClientActionArgs) => reachServer(args);

export const meta: Route.MetaFunction = () => [{ title: "What's New Video | Pasal admin" }];

export default function AdminVideos({ loaderData }: Route.ComponentProps) {
  return <VideoManager videos={loaderData.videos} listError={loaderData.listError} />;
}

export const ErrorBoundary = screenErrorBoundary("What's New Video");
