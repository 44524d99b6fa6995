// The entry points build.mjs bundles, each by the name of its file in the bundle (server.js, …).
// The tests that start the server, the cluster, the CLI or the launcher as processes start them from
// those files (test/support/server-process.ts, docs/decisions/179), so the list is written once.
export const ENTRY_POINTS = {
  server: 'src/server.ts',
  cluster: 'src/cluster.ts',
  cli: 'src/cli/main.ts',
  launcher: 'src/launcher/main.ts',
};
