import type { SiswaFilter } from './siswa.repository';

/** Which participants a filtered page holds and how many match, as of a roster version. */
export interface CachedPage {
  version: number;
  total: number;
  ids: number[];
}

/**
 * Remembers which participants make up a list page (and the match count) per filter, search and
 * page. Who is on a page changes only when the roster changes, which bumps the roster version;
 * the rows themselves, with their sudah_* flags, are always read fresh.
 * See docs/decisions/015-participant-list-speed.md.
 */
export class SiswaPageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly pending = new Map<string, Promise<CachedPage>>();

  constructor(private readonly capacity = 5_000) {}

  /** The cache key of a filtered page. */
  static key(filter: SiswaFilter, hal: number): string {
    return [
      filter.id_ukt,
      filter.id_perwapus,
      filter.id_cabang,
      filter.id_ranting,
      filter.id_rayon,
      hal,
      filter.cari,
    ].join('|');
  }

  /** The cached page for a key if it is of the given roster version. */
  get(key: string, version: number): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    // Re-insert to keep the most recently used entries last (Map keeps insertion order).
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Computes a missing page once however many requests ask for it at the same moment, and keeps it.
   */
  compute(key: string, version: number, load: () => Promise<CachedPage>): Promise<CachedPage> {
    const flightKey = `${version}:${key}`;
    const running = this.pending.get(flightKey);
    if (running) return running;
    const promise = load()
      .then((page) => {
        this.set(key, page);
        return page;
      })
      .finally(() => this.pending.delete(flightKey));
    this.pending.set(flightKey, promise);
    return promise;
  }

  /** Stores a page, dropping the least recently used one when full. */
  set(key: string, page: CachedPage): void {
    this.entries.delete(key);
    this.entries.set(key, page);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}
