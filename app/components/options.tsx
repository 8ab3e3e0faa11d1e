import type { ReactNode } from "react";

/** The options of a select, one an item: its value (the item itself by default) and the words shown for it. */
export function Options<T>({
  of,
  value = (item) => String(item),
  label,
}: {
  of: readonly T[];
  value?: (item: T) => string;
  label: (item: T) => ReactNode;
}) {
  return of.map((item) => (
    <option key={value(item)} value={value(item)}>
      {label(item)}
    </option>
  ));
}
