import type { FormEvent, ReactNode } from "react";
import { useNavigation, useRevalidator } from "react-router";
import type { UpdateMonth } from "../../../domain/updates/grouping";
import { Skeleton } from "../../components/skeleton";
import { card, mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { MonthSection } from "./month-section";
import { useLocale, useLocalHref } from "../../lib/i18n";
import { inBikramSambatMonths } from "./nepali-months";
import { m } from "../../paraglide/messages";

/** `detail` is one of the spec's texts for what went wrong. */
export type UpdatesState = { status: "ok"; months: UpdateMonth[] } | { status: "error"; detail: string };

/** Spec: loading, error, empty or loaded. */
export function UpdatesView({ state }: { state: UpdatesState }) {
  const href = useLocalHref();
  const locale = useLocale();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const loading = revalidator.state === "loading" || (navigation.state === "loading" && navigation.location.pathname === "/updates");

  // A real GET form: without JavaScript the button still reloads the page.
  const reload = (event: FormEvent) => {
    event.preventDefault();
    void revalidator.revalidate();
  };
  const reloadForm = (label: string, buttonClass: string) => (
    <form method="get" action={href("/updates")} onSubmit={reload}>
      <button type="submit" className={buttonClass}>
        {label}
      </button>
    </form>
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{m.updates_title()}</h1>
      <p className={`mt-2 ${mutedText}`}>{m.updates_intro()}</p>
      {loading ? (
        <UpdatesSkeleton />
      ) : state.status === "error" ? (
        <StatePanel title={m.updates_error()} text={locale === "ne" ? m.updates_error_text() : state.detail} role="alert">
          {reloadForm(m.updates_retry(), primaryButton)}
        </StatePanel>
      ) : state.months.length === 0 ? (
        <StatePanel title={m.updates_none()} text={m.updates_none_text()}>
          {reloadForm(m.updates_refresh(), secondaryButton)}
        </StatePanel>
      ) : (
        (locale === "ne" ? inBikramSambatMonths(state.months) : state.months).map((month) => <MonthSection key={month.key} month={month} />)
      )}
    </div>
  );
}

function StatePanel({ title, text, role, children }: { title: string; text: string; role?: "alert"; children: ReactNode }) {
  return (
    <section className={`${card} mt-8 flex flex-col items-center px-6 py-12 text-center`}>
      <div role={role}>
        <h2 className="text-xl font-semibold">{title}</h2>
        <p className={`mt-2 ${mutedText}`}>{text}</p>
      </div>
      <div className="mt-6">{children}</div>
    </section>
  );
}

function UpdatesSkeleton() {
  return (
    <div aria-busy="true" className="mt-8">
      <p role="status" className="sr-only">
        {m.updates_loading()}
      </p>
      {[0, 1].map((group) => (
        <div key={group} className="mt-10 first:mt-0">
          <Skeleton className="h-7 w-44" />
          <div className="mt-4 flex gap-4 overflow-hidden">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className={`${card} w-[17rem] shrink-0 overflow-hidden sm:w-72`}>
                <Skeleton className="aspect-video w-full rounded-none" />
                <div className="space-y-2 p-4">
                  <Skeleton className="h-3 w-24" />
                  <Skeleton className="h-5 w-3/4" />
                  <Skeleton className="h-4 w-full" />
                  <Skeleton className="h-4 w-5/6" />
                </div>
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
