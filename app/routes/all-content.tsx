import { mutedText } from "../components/ui";
import { loadTrailers } from "../features/trending/trailers.server";
import { TrailerList } from "../features/trending/trailer-list";
import { TrendingCard } from "../features/trending/trending-card";
import { TrendingError } from "../features/trending/trending-error";
import { loadTrending } from "../features/trending/trending.server";
import { m } from "../paraglide/messages";
import type { Route } from "./+types/all-content";

export async function loader({ context }: Route.LoaderArgs) {
  const [trending, trailers] = await Promise.all([loadTrending(context), loadTrailers(context)]);
  return { trending, trailers };
}

export const meta: Route.MetaFunction = () => [
  { title: m.meta_all_content_title() },
  { name: "description", content: m.meta_all_content_description() },
];

export default function AllContent({ loaderData }: Route.ComponentProps) {
  const { trending, trailers } = loaderData;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-12 px-4 pb-16 pt-8 md:pt-12">
      <header>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">What&apos;s New to Watch</h1>
        <p className={`mt-2 max-w-2xl ${mutedText}`}>
          The week&apos;s most-watched movies and shows, and trailers picked by our team. Need an account to watch them? We have you covered.
        </p>
      </header>

      <section aria-labelledby="trending-heading">
        <h2 id="trending-heading" className="text-2xl font-bold tracking-tight">
          Trending this week
        </h2>
        {trending.error && (
          <div className="mt-4">
            <TrendingError message={trending.error} />
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
