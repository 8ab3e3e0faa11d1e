import { CarouselManager } from "../../features/admin-carousel/carousel-manager";
import { moveItem, positionWrites } from "../../features/admin-carousel/reorder";
import { slideActionSchema } from "../../features/admin-carousel/slide-actions";
import { answer, reachServer, refuse } from "../../lib/admin/admin-action";
import { ScreenError } from "../../lib/admin/screen-error";
import type { Route } from "./+types/carousel";

export async function loader({ context }: Route.LoaderArgs) {
  return { items: await context.services.carousel.listForEdit() };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { carousel } = context.services;
  return answer(request, slideActionSchema, async (form) => {
    if (form.intent === "create") return (await carousel.create(form.fields)).message;
    if (form.intent === "update") return (await carousel.update(form.id, form.fields, form.version)).message;
    const slides = await carousel.listForEdit();
    const slide = slides.find((s) => s._id === form.id);
    if (!slide) throw refuse(404, "This item no longer exists. Reload to see the current slides.");
    if (form.intent === "delete") return (await carousel.delete(form.id)).message;
    const ordered = moveItem(slides, form.id, form.delta);
    if (!ordered) throw refuse(400, `"${slide.title}" cannot move further`);
    // Every slide gets its index as position, so there are never two slides on one position.
    await carousel.setPositions(positionWrites(ordered).map(({ item, position }) => ({ id: item._id, position })));
    return `"${slide.title}" moved ${form.delta < 0 ? "up" : "down"}`;
  });
}

export const clientAction = (args: Route.ClientActionArgs) => reachServer(args);

export const meta: Route.MetaFunction = () => [{ title: "Carousel | Pasal admin" }];

export default function AdminCarousel({ loaderData }: Route.ComponentProps) {
  return <CarouselManager items={loaderData.items} />;
}

/** The list could not be read ('Failed to fetch carousel items', in the dismissible banner). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ScreenError screen="Carousel Admin Dashboard" message="Failed to fetch carousel items" dismissible error={error} />;
}
