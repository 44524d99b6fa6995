import { type Kysely, sql } from 'kysely';

// Frozen: never edit a migration that has shipped; add a new one. Runs on SQLite and PostgreSQL.
//
// Every number in its one form, 62… (docs/decisions/155). Before it, '+62 0812-3456-7890' was
// stored as 62081234567890, and a number could keep stray characters: such an examiner never got
// a code, since a login finds 6281234567890. Each examiner's number that reads as an Indonesian
// mobile number in another form is rewritten to it, one warning line per change; two examiners
// whose numbers would become the same are both left as they are, and named, for the committee to
// fix in the console (the migration never merges two people, nor fails the start over it).
// The login limits and the WhatsApp outbox follow: their rows go to the same form; a waiting
// login code under an old form is dropped (its check is keyed on the number, and it ends in
// 5 minutes anyway). The rule is copied here, as core's normalizePhone had it on 2026-12-06, so
// this migration does the same on every database whatever core's rule becomes.

/** The national part of a mobile number: 8, 1–3 or 5–9, then 7–10 digits. */
const MOBILE = /^8[1-35-9]\d{7,10}$/;

/** The 62… form of a number written any way, or undefined when it is not an Indonesian mobile number. */
function mobileForm(stored: string): string | undefined {
  if (!/^\+?[\d\s.()-]+$/.test(stored.trim())) return undefined;
  let digits = stored.replace(/\D+/g, '');
  if (digits.startsWith('62')) digits = digits.slice(2);
  if (digits.startsWith('0')) digits = digits.slice(1);
  return MOBILE.test(digits) ? `62${digits}` : undefined;
}

const say = (line: string) => console.warn(`Migrasi nomor WhatsApp: ${line}`);

type Penguji = { id_pemilih: number; id_organisasi: number; no_wa: string; nama: string };

/** Rewrites examiners' numbers to their one form, except where two people would share one. */
async function repairPenguji(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<Penguji>`
    select id_pemilih, id_organisasi, no_wa, nama from penguji order by id_organisasi, id_pemilih`.execute(
    db,
  );
  const key = (org: number, noWa: string) => `${Number(org)}:${noWa}`;
  /** Who would hold each number of each organisation afterwards. */
  const holders = new Map<string, Penguji[]>();
  const target = new Map<number, string>();
  for (const p of rows) {
    const form = mobileForm(p.no_wa);
    if (form && form !== p.no_wa) target.set(Number(p.id_pemilih), form);
    const after = key(p.id_organisasi, form ?? p.no_wa);
    holders.set(after, [...(holders.get(after) ?? []), p]);
  }
  for (const p of rows) {
    const form = target.get(Number(p.id_pemilih));
    if (!form) {
      if (!mobileForm(p.no_wa))
        say(
          `${p.nama} (id ${p.id_pemilih}): ${p.no_wa} bukan nomor HP Indonesia; perbaiki di konsol, menu Penguji.`,
        );
      continue;
    }
    const sharing = holders.get(key(p.id_organisasi, form)) ?? [];
    if (sharing.length > 1) {
      const others = sharing.filter((o) => o.id_pemilih !== p.id_pemilih);
      say(
        `${p.nama} (id ${p.id_pemilih}, ${p.no_wa}) dibiarkan: nomornya sama dengan ${others
          .map((o) => `${o.nama} (id ${o.id_pemilih}, ${o.no_wa})`)
          .join(', ')} bila dirapikan menjadi ${form}. Perbaiki nomor yang salah di konsol, menu Penguji.`,
      );
      continue;
    }
    await sql`update penguji set no_wa = ${form} where id_pemilih = ${p.id_pemilih}`.execute(db);
    say(`${p.nama} (id ${p.id_pemilih}): ${p.no_wa} menjadi ${form}.`);
  }
}

/** The numbers of a table's rows that have another form, each with that form. */
async function wrongForms(db: Kysely<unknown>, table: 'otp_code' | 'otp_state' | 'otp_send' | 'wa_pesan') {
  const { rows } = await sql<{ no_wa: string }>`select distinct no_wa from ${sql.table(table)}`.execute(db);
  return rows.flatMap(({ no_wa }) => {
    const form = mobileForm(no_wa);
    return form && form !== no_wa ? [{ from: no_wa, to: form }] : [];
  });
}

/** Moves the login limits and the outbox to the one form of each number. */
async function repairFollowers(db: Kysely<unknown>): Promise<void> {
  for (const { from } of await wrongForms(db, 'otp_code'))
    await sql`delete from otp_code where no_wa = ${from}`.execute(db);
  for (const { from, to } of await wrongForms(db, 'otp_state')) {
    const { rows } = await sql`select no_wa from otp_state where no_wa = ${to}`.execute(db);
    // The number's own row is newer than one under an old spelling: it stays.
    if (rows.length) await sql`delete from otp_state where no_wa = ${from}`.execute(db);
    else await sql`update otp_state set no_wa = ${to} where no_wa = ${from}`.execute(db);
  }
  for (const table of ['otp_send', 'wa_pesan'] as const)
    for (const { from, to } of await wrongForms(db, table))
      await sql`update ${sql.table(table)} set no_wa = ${to} where no_wa = ${from}`.execute(db);
}

/** Rewrites stored numbers to their one form. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await repairPenguji(db);
  await repairFollowers(db);
}

/** Nothing to undo: the one form is a valid number in the old code too. */
export async function down(): Promise<void> {}
