import type { DataChanges } from '../../plugins/data-changes';

// Finished answers of the console's event pages (the recap, the progress page) that many admins
// poll at once (docs/decisions/117): identical requests that arrive while one is being built wait
// for that build, and a build is reused until the event's data changes (app.dataChanges) or, on
// PostgreSQL, grows older than the tracker allows. Each answer is one JSON string.

interface Entry {
  change: string;
  builtAt: number;
  json: string;
}

/** Answers per key (organisation, event and filters), a few and large: least recently used go first. */
export class BuildCache {
  private readonly entries = new Map<string, Entry>();
  private readonly flights = new Map<string, Promise<string>>();

  constructor(
    private readonly changes: DataChanges,
    private readonly capacity: number,
  ) {}

  /** The answer of `key` about event `idUkt`: reused, joined while being built, or built now. */
  get(key: string, idUkt: number, build: () => Promise<string>): Promise<string> {
    // Read before the data: a build is never stored under a change newer than what it read.
    const change = this.changes.changeOf(idUkt);
    const maxAge = this.changes.maxAgeMs();
    const now = performance.now();
    const entry = this.entries.get(key);
    if (entry && entry.change === change && now - entry.builtAt < maxAge) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return Promise.resolve(entry.json);
    }
    const flight = `${change}\u0000${key}`;
    const running = this.flights.get(flight);
    if (running) return running;
    const promise = build()
      .then((json) => {
        if (maxAge > 0) this.store(key, { change, builtAt: now, json });
        return json;
      })
      .finally(() => this.flights.delete(flight));
    this.flights.set(flight, promise);
    return promise;
  }

  private store(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
