import type { CatalogueItem } from "../../../domain/catalogue/catalogue";
import { planEntries } from "../../../domain/catalogue/catalogue";
import { SITE_NAME } from "./seo";

// Kept out of seo.ts, which every page's meta loads in the browser: only the product page needs it.
/**
 * schema.org Product with its price: one Offer for a single plan, an AggregateOffer from the
 * cheapest to the dearest plan otherwise; no offer for 'Contact for pricing' items.
 */
export function productJsonLd(
  item: Pick<CatalogueItem, "Id" | "Name" | "Info" | "category" | "plans">,
  url: string,
  imageUrl: string | null,
  siteName = SITE_NAME,
): Record<string, unknown> {
  const prices = planEntries(item.plans).map(([, price]) => price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const availability = "https://schema.org/InStock";
  // We resell the service; the brand is the provider's, so only the seller is named.
  const seller = { "@type": "Organization", name: siteName };
  const offers =
    prices.length === 0
      ? undefined
      : prices.length === 1
        ? { "@type": "Offer", price: String(low), priceCurrency: "NPR", availability, url, seller }
        : {
            "@type": "AggregateOffer",
            lowPrice: String(low),
            highPrice: String(high),
            offerCount: prices.length,
            priceCurrency: "NPR",
            availability,
            url,
            seller,
          };
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: item.Name,
    ...(item.Info ? { description: item.Info } : {}),
    ...(imageUrl ? { image: imageUrl } : {}),
    sku: item.Id,
    category: item.category,
    url,
    ...(offers ? { offers } : {}),
  };
}
