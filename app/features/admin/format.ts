/** A stored ISO instant as the shop reads it: Nepal time, the same on the server and in the browser. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Kathmandu" });
}
