import { useRevalidator } from "react-router";
import { mutedText, secondaryButton } from "../../components/ui";
import { CarouselManager } from "../../features/admin-carousel/carousel-manager";
import { ErrorBanner } from "../../features/admin/form-parts";
import type { Route } from "./+types/carousel";

export async function loader({ context }: Route.LoaderArgs) {
  return { items: await context.services.carousel.list() };
}

export const meta: Route.MetaFunction = () => [{ title: "Carousel | Pasal admin" }];

export default function AdminCarousel({ loaderData }: Route.ComponentProps) {
  return <CarouselManager items={loaderData.items} />;
}

/** The list could not be read (spec §8: 'Failed to fetch carousel items'). */
export function ErrorBoundary() {
  const revalidator = useRevalidator();
  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold">Carousel Admin Dashboard</h1>
      <div className="mt-4">
        <ErrorBanner message="Failed to fetch carousel items" />
      </div>
      <p className={`mt-4 text-sm ${mutedText}`}>The slides could not be loaded. Check the connection and try again.</p>
      <button type="button" className={`${secondaryButton} mt-4`} onClick={() => revalidator.revalidate()} disabled={revalidator.state === "loading"}>
        Try again
      </button>
    </div>
  );
}
