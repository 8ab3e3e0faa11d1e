import { data } from "react-router";
import { firstPlan, planEntries } from "../../domain/catalogue/catalogue";
import { localeOfPath, sellerLang, sellerText } from "../../domain/shared/locale";
import { formatNpr } from "../../domain/shared/locale-format";
import { productPath } from "../../domain/catalogue/search";
import { ADULT_CATEGORY, useAdultConfirmed } from "../lib/age-gate";
import { AgeGatePanel } from "../components/age-gate-panel";
import { findCatalogueItem, loadAvailability, loadNeverExpires } from "../features/catalogue/catalogue.server";
import { ProductView, type ProductItem } from "../features/product/product-view";
import { categoryImage } from "../features/seo/category-images";
import { productJsonLd } from "../features/seo/product-json-ld";
import { absoluteUrl, seoMeta, shareImage } from "../features/seo/seo";
import { publicOrigin } from "../features/seo/seo.server";
import { categoryLabel } from "../lib/words";
import { m } from "../paraglide/messages";
import { getLocale } from "../paraglide/runtime";
import type { Route } from "./+types/product";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const found = await findCatalogueItem(context, params.name);
  if (!found) throw data(null, { status: 404 });
  const { _id, Id, Name, ImageId, category, status, plans } = found;
  // The page's own words chosen here (ADR 0093); `Name` stays English for the address, cart and checkout.
  const locale = localeOfPath(new URL(request.url).pathname);
  const item: ProductItem = {
    _id,
    Id,
    Name,
    shownName: sellerText(locale, Name, found.NameNe),
    Info: sellerText(locale, found.Info, found.InfoNe),
    ImageId,
    category,
    status,
    plans,
    Note: sellerText(locale, found.Note, found.NoteNe),
    // Marked English where a Nepali page falls back to the English words.
    lang: { name: sellerLang(locale, found.NameNe), info: sellerLang(locale, found.InfoNe), note: sellerLang(locale, found.NoteNe) },
    // The seller's Nepali name, for the cart line a Nepali page adds (the English `Name` stays its identity).
    NameNe: locale === "ne" ? (found.NameNe ?? null) : null,
    WarrantyDays: found.WarrantyDays,
  };
  const [stock, neverExpires] = await Promise.all([loadAvailability(context), loadNeverExpires(context, _id)]);
  return { item, availability: stock.get(_id) ?? null, neverExpires, origin: publicOrigin(request, context) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: m.not_found_meta() }];
  const { item, origin } = loaderData;
  const locale = getLocale();
  const path = productPath(item.Name);
  const adult = item.category === ADULT_CATEGORY;
  // Previews of 18+ items show the category tile, never the product's own picture.
  const image = adult
    ? { ...categoryImage(item.category), alt: m.product_adult_alt({ category: categoryLabel(item.category) }) }
    : { path: item.ImageId, alt: item.shownName, width: 400, height: 400 };
  const plan = firstPlan(item.plans);
  const lowest = Math.min(...planEntries(item.plans).map(([, price]) => price));
  const priceText = `${plan ? m.product_meta_from({ price: formatNpr(lowest, locale) }) : m.product_meta_contact()} `;
  return [
    ...seoMeta({
      origin,
      path,
      locale,
      title: m.product_meta_title({ name: item.shownName }),
      description: `${priceText}${item.Info}`,
      image,
      type: "product",
      jsonLd: productJsonLd(
        { ...item, Name: item.shownName },
        absoluteUrl(origin, path),
        adult ? null : absoluteUrl(origin, shareImage({ path: item.ImageId }).path),
      ),
    }),
    ...(plan
      ? [
          { property: "product:price:amount", content: String(lowest) },
          { property: "product:price:currency", content: "NPR" },
        ]
      : []),
  ];
};

export default function Product({ loaderData }: Route.ComponentProps) {
  const { item, availability, neverExpires } = loaderData;
  const adultConfirmed = useAdultConfirmed();
  if (item.category === ADULT_CATEGORY && !adultConfirmed) {
    return (
      <div className="px-4 py-12 sm:py-20">
        <AgeGatePanel />
      </div>
    );
  }
  return <ProductView key={item._id} item={item} availability={availability} neverExpires={neverExpires} />;
}
