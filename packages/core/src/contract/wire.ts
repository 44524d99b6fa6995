// Plain values of the contract, kept apart from the zod schemas so that the login chunk, which
// must not load zod (docs/decisions/030), can import them.

/** The 409 message of every score write to a ratified event (DESIGN §10). */
export const DISAHKAN_MESSAGE = 'Nilai kegiatan ini sudah disahkan panitia.';

/** The request header a phone reports its unsent writes in when it syncs (a count, nothing more). */
export const OUTBOX_HEADER = 'x-ukt-tertunda';

/** The request header a phone reports, beside OUTBOX_HEADER, how many of those writes the server refused. */
export const OUTBOX_DITOLAK_HEADER = 'x-ukt-ditolak';
