import { localeOfPath } from "../../domain/shared/locale";
import { Carousel } from "../features/carousel/carousel";
import { loadSlides } from "../features/carousel/carousel.server";
import { CategoryGrid } from "../features/home/category-grid";
import { homeCategories } from "../features/home/home.server";
import { SearchBox } from "../features/search/search-box";
import { loadTrending } from "../features/trending/trending.server";
import { WhatsNew } from "../features/trending/whats-new";
import { pageMeta } from "../features/seo/seo";
import { m } from "../paraglide/messages";
import { getLocale } from "../paraglide/runtime";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [slides, trending] = await Promise.all([loadSlides(context, localeOfPath(new URL(request.url).pathname)), loadTrending(context)]);
  return { slides, categories: homeCategories(), trending };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: "/", title: m.home_meta_title(), description: m.home_meta_description() }, getLocale());

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 pb-16 pt-6 md:gap-14 md:pt-10">
      <section aria-labelledby="home-heading" className="mx-auto flex w-full max-w-3xl flex-col items-center text-center">
        <h1 id="home-heading" className="text-3xl font-extrabold tracking-tight text-balance sm:text-4xl md:text-5xl">
          {m.home_heading()} <span className="text-brand-700 dark:text-brand-400">{m.home_accent()}</span>
        </h1>
        <p className="mt-3 max-w-2xl text-balance text-slate-600 md:text-lg dark:text-slate-300">{m.home_intro()}</p>
        <div className="mt-6 w-full max-w-xl text-left">
          <SearchBox label={m.search_services()} />
        </div>
      </section>
      <Carousel slides={loaderData.slides} />
      <CategoryGrid categories={loaderData.categories} />
      <WhatsNew items={loaderData.trending.items} error={loaderData.trending.error} />
    </div>
  );
}
