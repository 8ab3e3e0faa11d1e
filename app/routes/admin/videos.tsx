import { VideoManager } from "../../features/admin-videos/video-manager";
import type { Route } from "./+types/videos";

export const meta: Route.MetaFunction = () => [{ title: "What's New Video | Pasal admin" }];

export default function AdminVideos() {
  return <VideoManager />;
}
