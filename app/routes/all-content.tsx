import { mutedText } from "../components/ui";
import { loadTrailers } from "../features/trending/trailers.server";
import { TrailerList } from "../features/trending/trailer-list";
import { TrendingCard } from "../features/trending/trending-card";
import { TrendingError } from "../features/trending/trending-error";
import { loadTrending } from "../features/trending/trending.server";
import { pageMeta } from "../features/seo/seo";
import { m } from "../paraglide/messages";
import { getLocale } from "../paraglide/runtime";
import type { Route } from "./+types/all-content";

export async function loader({ context }: Route.LoaderArgs) {
  const [trending, trailers] = await Promise.all([loadTrending(context), loadTrailers(context)]);
  return { trending, trailers };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: "/all-content", title: m.meta_all_content_title(), description: m.meta_all_content_description() }, getLocale());

export default function AllContent({ loaderData }: Route.ComponentProps) {
  const { trending, trailers } = loaderData;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 pb-16 pt-8 md:pt-12">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{m.whats_new_title()}</h1>
        <p className={`mt-2 max-w-2xl ${mutedText}`}>{m.all_content_intro()}</p>
      </header>

      <section aria-labelledby="trending-heading">
        <h2 id="trending-heading" className="text-2xl font-bold tracking-tight">
          {m.all_content_trending()}
        </h2>
        {trending.error && (
          <div className="mt-4">
            <TrendingError />
          </div>
        )}
        <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-6">
          {trending.items.map((item) => (
            <li key={item.id}>
              <TrendingCard item={item} showOverview />
            </li>
          ))}
        </ul>
      </section>

      <TrailerList videos={trailers.videos} failed={trailers.failed} />
    </div>
  );
}
