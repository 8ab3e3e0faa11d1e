const nprFormat = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/** 3200 → "3,200" (Indian digit grouping, as prices are written in Nepal). */
export function formatNpr(amount: number): string {
  return nprFormat.format(amount);
}
