/** The entry points build.mjs bundles, by their file's name in the bundle: see bundle-entries.mjs. */
export const ENTRY_POINTS: Readonly<Record<string, string>>;
