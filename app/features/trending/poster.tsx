import { useImageFailed } from "../../components/image-with-fallback";
import type { TrendingCard } from "../../../domain/trending/trending";

// Deep tones so the white title stays readable; picked by id, so a title keeps its colour.
const gradients = [
  "from-rose-700 to-slate-950",
  "from-indigo-700 to-slate-950",
  "from-emerald-700 to-slate-950",
  "from-amber-700 to-slate-950",
  "from-sky-700 to-slate-950",
  "from-fuchsia-700 to-slate-950",
  "from-orange-700 to-slate-950",
  "from-violet-700 to-slate-950",
];

const box = "aspect-[2/3] w-full";

/** The title's poster, or a drawn one when there is none or it does not load. */
export function Poster({ item }: { item: Pick<TrendingCard, "id" | "title" | "poster" | "typeLabel"> }) {
  const { ref, failed, onError } = useImageFailed(item.poster);

  if (item.poster && !failed) {
    return (
      <img
        ref={ref}
        src={item.poster}
        // The title is written next to the poster.
        alt=""
        width={342}
        height={513}
        loading="lazy"
        decoding="async"
        onError={onError}
        className={`${box} bg-slate-200 object-cover dark:bg-slate-800`}
      />
    );
  }

  return (
    <div
      aria-hidden="true"
      className={`${box} relative flex flex-col justify-end overflow-hidden bg-gradient-to-br p-3 ${gradients[item.id % gradients.length]}`}
    >
      <svg viewBox="0 0 24 24" className="absolute -right-4 -top-4 h-28 w-28 text-white/10" fill="currentColor">
        {item.typeLabel === "TV" ? (
          <path d="M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-6v2h3v1.5H8V19h3v-2H5a2 2 0 0 1-2-2V6Z" />
        ) : (
          <path d="M4 4h16a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1Zm1 2v2h2V6H5Zm0 4v2h2v-2H5Zm0 4v2h2v-2H5Zm12-8v2h2V6h-2Zm0 4v2h2v-2h-2Zm0 4v2h2v-2h-2ZM9 6v12h6V6H9Z" />
        )}
      </svg>
      <span lang="en" className="relative line-clamp-4 text-lg font-extrabold leading-tight text-balance text-white">
        {item.title}
      </span>
    </div>
  );
}
