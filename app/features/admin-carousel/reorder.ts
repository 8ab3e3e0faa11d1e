/** The list with the item `id` moved one place up (-1) or down (+1); null when it cannot move. */
export function moveItem<T extends { _id: string }>(items: readonly T[], id: string, delta: -1 | 1): T[] | null {
  const from = items.findIndex((item) => item._id === id);
  const to = from + delta;
  if (from < 0 || to < 0 || to >= items.length) return null;
  const next = [...items];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/**
 * The writes that give every item its index as position, so positions end up 0..n-1 with no ties
 * (the repository orders by position, then creation time). Items already in place are left alone.
 */
export function positionWrites<T extends { _id: string; position: number }>(ordered: readonly T[]): Array<{ item: T; position: number }> {
  return ordered.flatMap((item, position) => (item.position === position ? [] : [{ item, position }]));
}
