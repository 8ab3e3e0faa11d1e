import { Link } from "react-router";
import { card, mutedText } from "../../components/ui";
import type { Route } from "./+types/dashboard";

export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue, carousel, updates, videos, newsletter } = context.services;
  const [items, slides, posts, trailerList, subscribers] = await Promise.all([
    catalogue.list(),
    carousel.list(),
    updates.list(),
    videos.list(),
    newsletter.list(),
  ]);
  return {
    counts: {
      items: items.length,
      itemsWithoutPlans: items.filter((item) => Object.keys(item.plans).length === 0).length,
      slides: slides.length,
      posts: posts.length,
      videos: trailerList.length,
      subscribers: subscribers.length,
    },
    latestPosts: posts.slice(0, 3).map(({ _id, Title, Description, createdAt }) => ({ _id, Title, Description, createdAt })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Pasal admin" }];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts, latestPosts } = loaderData;
  const tiles = [
    { label: "Catalogue items", value: counts.items, detail: `${counts.itemsWithoutPlans} without plans` },
    { label: "Carousel slides", value: counts.slides },
    { label: "Update posts", value: counts.posts },
    { label: "What's new videos", value: counts.videos },
    { label: "Newsletter subscribers", value: counts.subscribers },
  ];
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tiles.map((tile) => (
          <li key={tile.label} className={`${card} p-5`}>
            <p className={`text-sm ${mutedText}`}>{tile.label}</p>
            <p className="mt-1 text-3xl font-bold">{tile.value}</p>
            {tile.detail && <p className={`mt-1 text-sm ${mutedText}`}>{tile.detail}</p>}
          </li>
        ))}
      </ul>
      <section aria-labelledby="latest-posts" className="mt-10">
        <h2 id="latest-posts" className="text-lg font-semibold">
          Latest update posts
        </h2>
        {latestPosts.length === 0 ? (
          <p className={`mt-3 ${mutedText}`}>No update posts yet.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {latestPosts.map((post) => (
              <li key={post._id} className={`${card} p-4`}>
                <p className="font-medium">{post.Title || "Untitled update"}</p>
                <p className={`mt-1 line-clamp-2 text-sm ${mutedText}`}>{post.Description}</p>
                <p className={`mt-2 text-xs ${mutedText}`}>{new Date(post.createdAt).toLocaleDateString("en-GB", { dateStyle: "medium" })}</p>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-4 text-sm">
          <Link to="/updates" className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400">
            See them as shoppers do
          </Link>
        </p>
      </section>
    </div>
  );
}
