import { CarouselManager } from "../../features/admin-carousel/carousel-manager";
import { ScreenError } from "../../lib/admin/screen-error";
import { requireAdmin } from "../../lib/admin/require-admin";
import type { Route } from "./+types/carousel";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return { items: await context.services.carousel.list() };
}

export const meta: Route.MetaFunction = () => [{ title: "Carousel | Pasal admin" }];

export default function AdminCarousel({ loaderData }: Route.ComponentProps) {
  return <CarouselManager items={loaderData.items} />;
}

/** The list could not be read (spec §8: 'Failed to fetch carousel items', in the dismissible banner). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ScreenError screen="Carousel Admin Dashboard" message="Failed to fetch carousel items" dismissible error={error} />;
}
