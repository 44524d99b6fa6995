import type { Transaction } from 'kysely';
import type { Database } from '../../db/types';
import { hmac } from '../../lib/crypto';
import { insertLinkTokens, listLiveLinks } from './session.repository';
import { TOKEN_TTL_MS } from './session.service';

// The login links printed on examiner login cards (docs/decisions/109). A card's token is derived
// from the server secret, the examiner and the moment it was issued, so a later print run can
// make the same token again and print a card that is still unused and valid with the same QR,
// instead of a new link on every download. Stored like every login link: only its HMAC, in sesi.

/** A card link is printed again while at least this long of it is left; else a new one is made. */
export const KARTU_REUSE_MIN_LEFT_MS = TOKEN_TTL_MS / 2;

/** The token of the card issued to an examiner at `createdAt` (URL-safe, 256 bits). */
const cardToken = (secret: string, idPemilih: number, createdAt: number) =>
  Buffer.from(hmac(secret, 'kartu-login', String(idPemilih), String(createdAt)), 'hex').toString('base64url');

/** How sesi stores a login link's token (session.service's hash of kind 'link'). */
const linkHash = (secret: string, token: string) => hmac(secret, 'link', token);

/** A card's login link and until when it works (epoch ms). */
export interface CardLink {
  url: string;
  expiresAt: number;
  /** False when an earlier print run's card, still unused, is printed again. */
  baru: boolean;
}

/**
 * The card login link of each examiner: an earlier card's link when it is unused and valid for
 * at least KARTU_REUSE_MIN_LEFT_MS more, else a new single-use 24-hour link.
 */
export async function cardLinksFor(
  trx: Transaction<Database>,
  deps: { secret: string; publicUrl: string; now: number },
  ids: number[],
): Promise<Map<number, CardLink>> {
  const base = deps.publicUrl.replace(/\/$/, '');
  const links = new Map<number, CardLink>();
  if (!ids.length) return links;
  const live = await listLiveLinks(trx, ids, deps.now + KARTU_REUSE_MIN_LEFT_MS);
  for (const row of live) {
    if (links.has(row.id_pemilih)) continue;
    // Links made by `ukt link` or the console's "Tautan login" are random: not a card's, not reused.
    const token = cardToken(deps.secret, row.id_pemilih, Number(row.created_at));
    if (linkHash(deps.secret, token) !== row.token_hash) continue;
    links.set(row.id_pemilih, { url: `${base}/ut/${token}`, expiresAt: Number(row.expires_at), baru: false });
  }
  const fresh = ids.filter((id) => !links.has(id));
  if (fresh.length) {
    await insertLinkTokens(
      trx,
      fresh.map((id) => ({
        token_hash: linkHash(deps.secret, cardToken(deps.secret, id, deps.now)),
        id_pemilih: id,
        created_at: deps.now,
        expires_at: deps.now + TOKEN_TTL_MS,
      })),
    );
    for (const id of fresh) {
      const token = cardToken(deps.secret, id, deps.now);
      links.set(id, { url: `${base}/ut/${token}`, expiresAt: deps.now + TOKEN_TTL_MS, baru: true });
    }
  }
  return links;
}
