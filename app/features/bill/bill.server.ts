import { data, type AppLoadContext } from "react-router";
import { billDocument, type BillDocument } from "../../../domain/bills/bill-document";
import { billImagePath, billPath, billVerifyPath } from "../../../domain/bills/bills";
import { localeOfPath, type Locale } from "../../../domain/shared/locale";

/** A shopper's bill page: the bill's words in the page's language, its picture's links and its other language's page. */
export type BillPage = {
  document: BillDocument;
  number: string;
  image: { view: string; download: string };
  otherLanguage: { locale: Locale; href: string };
  verifyUrl: string;
};

/** The service's refusals carry their HTTP status (its HttpError; app/ does not import the server). */
function refusal(error: unknown): never {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (status === 404 || status === 429) throw data({ message: (error as Error).message }, { status });
  throw error;
}

/** The bill a link names, opened with its order's key or its customer's (ADR 0131); the same 404 for anything else. */
export async function loadBillPage(context: AppLoadContext, request: Request, number: string): Promise<BillPage> {
  const url = new URL(request.url);
  const key = (url.searchParams.get("key") ?? "").slice(0, 100);
  const locale = localeOfPath(url.pathname);
  try {
    const { bill } = await context.services.bills.forShopper(number, key, context.clientAddress ?? "", locale);
    const other: Locale = locale === "ne" ? "en" : "ne";
    const origin = context.config.publicUrl ?? url.origin;
    return {
      document: billDocument(bill, locale),
      number: bill.number,
      image: { view: billImagePath(bill.number, key, locale), download: billImagePath(bill.number, key, locale, true) },
      otherLanguage: { locale: other, href: billPath(bill.number, key, other) },
      verifyUrl: `${origin}${billVerifyPath(bill.number, bill.verificationCode, locale)}`,
    };
  } catch (error) {
    return refusal(error);
  }
}

/** What a bill's QR code opens: anyone with its number and code sees that the shop issued it, and its sums. */
export async function loadVerifiedBill(context: AppLoadContext, request: Request, number: string) {
  const url = new URL(request.url);
  const locale = localeOfPath(url.pathname);
  try {
    return await context.services.bills.verify(number, (url.searchParams.get("code") ?? "").slice(0, 40), context.clientAddress ?? "", locale);
  } catch (error) {
    return refusal(error);
  }
}
