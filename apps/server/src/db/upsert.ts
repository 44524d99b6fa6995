/** `SET col = excluded.col` for each column an upsert changes on a stored row. */
export function fromExcluded<C extends string>(columns: readonly C[]) {
  return (eb: { ref: (ref: `excluded.${C}`) => unknown }) =>
    Object.fromEntries(columns.map((c) => [c, eb.ref(`excluded.${c}`)])) as Record<C, never>;
}
