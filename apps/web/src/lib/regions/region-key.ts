/**
 * The query key of a region list. It stays under ['panitia', 'region'] because the console's import
 * page invalidates that prefix after new regions arrive.
 */
export function regionKey(...parts: string[]): readonly string[] {
  return ['panitia', 'region', ...parts];
}
