import type { ReactNode } from "react";
import { card, mutedText } from "../../components/ui";

/** The admin's pages before the admin area (sign-in, the first sign-in's name): one card in the middle of the screen. */
export function DoorCard({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12 dark:bg-slate-950">
      <div className={`${card} w-full max-w-sm p-6 sm:p-8`}>
        <p className="text-xl font-bold text-brand-700 dark:text-brand-400">Pasal</p>
        <h1 className="mt-2 text-2xl font-bold">{title}</h1>
        <p className={`mt-1 text-sm ${mutedText}`}>{intro}</p>
        {children}
      </div>
    </main>
  );
}

/** What went wrong with the card's form, announced. */
export function DoorError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {children}
    </p>
  );
}
