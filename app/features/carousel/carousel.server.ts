import type { AppLoadContext } from "react-router";
import { toStorefrontSlide, type StorefrontSlide } from "../../../domain/carousel";
import { carouselInputSchema } from "../../../domain/schemas/carousel";
import { defaultSlides } from "../../../domain/default-content";
import type { Locale } from "../../../domain/locale";

// Spec §3: the 5 built-in slides are shown unless the server returns a non-empty list (in English: marked so on Nepali pages).
const builtInSlides = defaultSlides.map((input, index) => ({ ...carouselInputSchema.parse(input), _id: `builtin-slide-${index + 1}` }));

export async function loadSlides(context: AppLoadContext, locale: Locale): Promise<StorefrontSlide[]> {
  try {
    const slides = await context.services.carousel.list();
    if (slides.length > 0) return slides.map((slide) => toStorefrontSlide(slide, locale));
  } catch (error) {
    context.log.warn({ reason: (error as Error).message }, "carousel unavailable, showing the built-in slides");
    context.fellBack = true;
  }
  return builtInSlides.map((slide) => toStorefrontSlide(slide, locale));
}
