import type { NewsletterSubscriber } from "../../../domain/newsletter/newsletter";
import { card, mutedText, secondaryButton } from "../../components/ui";
import { formatDateTime } from "../../lib/admin/format";
import { HeadCells, tableHead } from "../../lib/admin/list-parts";

export const NEWSLETTER_CSV_URL = "/api/admin/newsletter.csv";

/** Everyone who signed up in the footer, newest first, with a CSV download for the mailing tool. */
export function SubscriberList({ subscribers }: { subscribers: NewsletterSubscriber[] }) {
  const count = subscribers.length;
  return (
    <div className="mx-auto max-w-4xl">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">Newsletter</h1>
          <p className={`mt-1 ${mutedText}`}>{count === 1 ? "1 subscriber" : `${count.toLocaleString("en-US")} subscribers`}</p>
        </div>
        <a href={NEWSLETTER_CSV_URL} download="newsletter-subscribers.csv" className={`${secondaryButton} w-full sm:w-auto`}>
          Download CSV
        </a>
      </div>
      {count === 0 ? (
        <div className={`${card} mt-6 p-8 text-center`}>
          <p className="font-medium">No subscribers yet</p>
          <p className={`mt-1 text-sm ${mutedText}`}>Addresses entered in the shop&apos;s footer sign-up appear here.</p>
        </div>
      ) : (
        <div className={`${card} mt-6 overflow-hidden`}>
          <table className="w-full table-fixed text-left text-sm">
            <caption className="sr-only">Newsletter subscribers, newest first</caption>
            <thead className={tableHead}>
              <HeadCells cellClassName="px-4 py-3 font-semibold" columns={["Email", ["Subscribed", "w-36 px-4 py-3 font-semibold sm:w-48"]]} />
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {subscribers.map((subscriber) => (
                <tr key={subscriber.email}>
                  <td className="break-all px-4 py-3 font-medium">{subscriber.email}</td>
                  <td className={`px-4 py-3 ${mutedText}`}>
                    <time dateTime={subscriber.createdAt}>{formatDateTime(subscriber.createdAt)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
