import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { pageUrl, pricesUrl, type PriceFilters } from "../../../domain/catalogue/filters";
import { useLocalHref } from "../../lib/i18n";
import type { PriceCardItem } from "./price-card";

/** One page of the price list, as the prices route's loader answers it. */
export type PricesPage = { items: PriceCardItem[]; total: number; offset: number; filters: PriceFilters };

/**
 * The rendered page plus the pages after it, fetched from the same loader as the shopper asks for
 * them. Another list (other filters) starts again from its own first page.
 */
export function useMorePrices(page: PricesPage) {
  const listUrl = pricesUrl(page.filters);
  const href = useLocalHref();
  const fetcher = useFetcher<PricesPage>();
  const [more, setMore] = useState<{ listUrl: string; items: PriceCardItem[] }>({ listUrl, items: [] });
  const extra = more.listUrl === listUrl ? more.items : [];
  const items = extra.length ? [...page.items, ...extra] : page.items;
  const end = page.offset + items.length;

  // Each answer is taken once, as it arrives; one for an older list or position is dropped.
  const [taken, setTaken] = useState(fetcher.data);
  if (fetcher.data !== taken) {
    setTaken(fetcher.data);
    const next = fetcher.data;
    if (next && pricesUrl(next.filters) === listUrl && next.offset === end) setMore({ listUrl, items: [...extra, ...next.items] });
  }

  const hasMore = end < page.total;
  const nextHref = href(pageUrl(listUrl, end));
  const loading = fetcher.state !== "idle";
  const loadMore = useCallback(() => {
    if (hasMore && !loading) void fetcher.load(nextHref);
  }, [fetcher, hasMore, loading, nextHref]);

  return { items, end, hasMore, nextHref, loading, loadMore };
}

/** Calls `onNear` when the returned element comes within about a screen of the viewport. */
export function useNearViewport<T extends Element>(onNear: () => void, enabled: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onNear(), {
      rootMargin: "0px 0px 800px 0px",
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [onNear, enabled]);
  return ref;
}
