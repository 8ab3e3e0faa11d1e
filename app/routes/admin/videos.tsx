import { VideoManager } from "../../features/admin-videos/video-manager";
import { ScreenError } from "../../lib/admin/screen-error";
import type { Route } from "./+types/videos";

export const meta: Route.MetaFunction = () => [{ title: "What's New Video | Pasal admin" }];

export default function AdminVideos() {
  return <VideoManager />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ScreenError screen="What's New Video" error={error} />;
}
