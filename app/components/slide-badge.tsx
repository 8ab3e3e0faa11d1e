import { badgeTone, type BadgeTone } from "../../domain/carousel/carousel";

// Every pair keeps at least 4.5:1 contrast for the small bold text.
const toneClasses: Record<BadgeTone, string> = {
  hot: "bg-red-600 text-white",
  new: "bg-emerald-700 text-white",
  trend: "bg-violet-600 text-white",
  limited: "bg-orange-700 text-white",
  best: "bg-amber-300 text-amber-950",
  neutral: "bg-slate-700 text-white dark:bg-slate-600",
};

export function SlideBadge({ text, lang }: { text: string; lang?: "en" | undefined }) {
  return (
    <span
      lang={lang}
      data-tone={badgeTone(text)}
      className={`inline-flex w-fit items-center rounded-full px-3 py-1 text-xs font-bold uppercase tracking-wide ${toneClasses[badgeTone(text)]}`}
    >
      {text}
    </span>
  );
}
