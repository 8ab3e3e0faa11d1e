import type { AppLoadContext } from "react-router";
import { toStorefrontSlide, type StorefrontSlide } from "../../../domain/carousel/carousel";
import { carouselInputSchema } from "../../../domain/carousel/schemas";
import { defaultSlides } from "../../../domain/carousel/default-slides";
import type { Locale } from "../../../domain/shared/locale";
import { readOrFallBack } from "../../lib/fall-back.server";

// The 5 built-in slides are shown unless the server returns a non-empty list (in English: marked so on Nepali pages).
const builtInSlides = defaultSlides.map((input, index) => ({ ...carouselInputSchema.parse(input), _id: `builtin-slide-${index + 1}` }));

export async function loadSlides(context: AppLoadContext, locale: Locale): Promise<StorefrontSlide[]> {
  const slides = await readOrFallBack(
    context,
    "carousel unavailable, showing the built-in slides",
    async () => (await context.services.carousel.list()).map((slide) => toStorefrontSlide(slide, locale)),
    () => [],
  );
  return slides.length > 0 ? slides : builtInSlides.map((slide) => toStorefrontSlide(slide, locale));
}
