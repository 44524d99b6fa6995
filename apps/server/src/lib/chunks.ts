/** How many rows one multi-row statement carries: well under both databases' parameter limits. */
export const BATCH_ROWS = 500;

/** Splits a list into consecutive pieces of at most `size` items. */
export function chunks<T>(items: readonly T[], size = BATCH_ROWS): T[][] {
  const pieces: T[][] = [];
  for (let start = 0; start < items.length; start += size) pieces.push(items.slice(start, start + size));
  return pieces;
}
