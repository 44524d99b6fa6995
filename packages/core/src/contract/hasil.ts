import { koreksiNilaiError } from '../rules/komponen';
import { KOMPONEN, type KomponenKey, REKAP_STATUS } from '../rules/pass-rule';
import { Id, OptionalId, wholeNumber } from '../schemas/common';
import { PassRuleSchema } from '../schemas/pass-rule';
import { PageMeta } from '../schemas/siswa';
import { z } from '../zod';

// Live progress and results of an event (DESIGN §10): the calls under
// /uktNEW/api/panitia/kegiatan/{id_ukt}/… and the audit log, for committee admins only.

const KOMPONEN_KEYS = KOMPONEN.map((k) => k.key) as [KomponenKey, ...KomponenKey[]];

/** A component key as it arrives. */
export const KomponenKeySchema = z.enum(KOMPONEN_KEYS, { error: 'tidak dikenal' });

// ---------------------------------------------------------------- progres

/** Counts of one exam at its post: not taken, taken but not scored, scored. */
export const ProgresUjian = z.object({
  key: KomponenKeySchema,
  label: z.string(),
  belum_diambil: z.number(),
  diambil: z.number(),
  dinilai: z.number(),
});

/** One post's exams. */
export const ProgresPos = z.object({ pos: z.number(), nama: z.string(), ujian: z.array(ProgresUjian) });

/** One examiner's work in the event and what their phone still holds. */
export const ProgresPenguji = z.object({
  id_pemilih: z.string(),
  nama: z.string(),
  diambil: z.number(),
  dinilai: z.number(),
  aktivitas_terakhir: z.string().nullable(),
  /** Writes the phone said it still holds unsent at its last sync (no score content is sent). */
  tertunda: z.number(),
  tertunda_dilaporkan: z.string().nullable(),
  /** Of those, the writes the server refused (outside the examiner's assignment, a ratified event …). */
  ditolak: z.number(),
});

/** One post's participants complete at it (every exam of it the pass rule counts), cumulative over time. */
export const ProgresLini = z.object({
  pos: z.number(),
  nama: z.string(),
  /** At the end of each interval from the first score on: how many were complete at the post by then. */
  titik: z.array(z.object({ at: z.string(), lengkap: z.number() })),
});

/** The answer of GET /panitia/kegiatan/{id_ukt}/progres. */
export const Progres = z.object({
  id_ukt: z.string(),
  total_peserta: z.number(),
  /** Participants with a score in every component the pass rule counts (docs/decisions/106). */
  peserta_lengkap: z.number(),
  /** Participants with at least one score, complete or not. */
  peserta_ada_nilai: z.number(),
  /** The chart's interval in minutes (15, longer for an event of several days) and its lines. */
  menit_per_titik: z.number(),
  lini_waktu: z.array(ProgresLini),
  pos: z.array(ProgresPos),
  penguji: z.array(ProgresPenguji),
  /** "3 HP masih menyimpan 17 nilai". */
  tertunda: z.object({ hp: z.number(), nilai: z.number() }),
  disahkan: z.boolean(),
});
export type Progres = z.infer<typeof Progres>;

/** Query of GET …/progres/belum: who still lacks an exam, with region filters. */
export const BelumQuery = z.object({
  ujian: KomponenKeySchema,
  id_perwapus: OptionalId,
  id_cabang: OptionalId,
  id_ranting: OptionalId,
  id_rayon: OptionalId,
  hal: wholeNumber(1, 100_000, 'halaman mulai dari 1').default(1),
});

/** A participant still lacking an exam. */
export const BelumRow = z.object({
  id_siswa: z.string(),
  no_urut: z.number(),
  nama: z.string(),
  ranting: z.string(),
  rayon: z.string(),
  /** Who holds them at the exam's post, if anyone. */
  diambil_oleh: z.string().nullable(),
});
export type BelumRow = z.infer<typeof BelumRow>;

/** The answer of GET …/progres/belum: a page of 20 (by no_urut) and the paging facts. */
export const BelumList = z.object({ success: z.literal(true), data: z.array(BelumRow), meta: PageMeta });

// ---------------------------------------------------------------- aturan (pass rule)

/** The event's current pass rule and its version. */
export const AturanLulus = z.object({
  versi: z.number(),
  aturan: PassRuleSchema,
  diubah_at: z.string().nullable(),
  diubah_oleh: z.string().nullable(),
});
export type AturanLulus = z.infer<typeof AturanLulus>;

// ---------------------------------------------------------------- rekap

/** Query of GET …/rekap. */
export const RekapQuery = z.object({
  id_perwapus: OptionalId,
  id_cabang: OptionalId,
  id_ranting: OptionalId,
  id_rayon: OptionalId,
  status: z
    .enum([...REKAP_STATUS, 'semua'], {
      error: 'harus Lulus, Tidak Lulus, Belum lengkap, Mundur atau semua',
    })
    .default('semua'),
  urut: z
    .enum(['no_urut', 'nama', 'nilai_akhir', 'status'], {
      error: 'harus nomor urut, nama, nilai akhir atau status',
    })
    .default('no_urut'),
  arah: z.enum(['naik', 'turun'], { error: 'harus naik atau turun' }).default('naik'),
});

/** One participant of the recap: every component (null = not scored), final, band, status, reasons. */
export const RekapRow = z.object({
  id_siswa: z.string(),
  no_urut: z.number(),
  nama: z.string(),
  perwapus: z.string(),
  cabang: z.string(),
  ranting: z.string(),
  rayon: z.string(),
  nilai: z.record(KomponenKeySchema, z.number().nullable()),
  nilai_akhir: z.number().nullable(),
  predikat: z.string().nullable(),
  status: z.enum(REKAP_STATUS),
  alasan: z.array(z.string()),
});
export type RekapRow = z.infer<typeof RekapRow>;
export type RekapQuery = z.infer<typeof RekapQuery>;

/**
 * The meta of GET …/rekap (`{ success, data: rows, meta }`): the rule version applied, the
 * components it counts (recap order), whether the event is ratified, the count per status of the
 * participants under the region filters (before the status filter), and how many of them
 * withdrew (listed with status 'Mundur', counted apart from the totals; docs/decisions/040, 108).
 */
export const RekapMeta = z.object({
  aturan_versi: z.number(),
  komponen: z.array(KomponenKeySchema),
  disahkan: z.boolean(),
  total: z.object({ Lulus: z.number(), 'Tidak Lulus': z.number(), 'Belum lengkap': z.number() }),
  mundur: z.number(),
});
export type RekapMeta = z.infer<typeof RekapMeta>;

/** Query of GET …/rekap/ekspor. */
export const EksporQuery = z.object({
  format: z.enum(['xlsx', 'csv', 'pdf'], { error: 'harus xlsx, csv atau pdf' }),
});
export type EksporFormat = z.infer<typeof EksporQuery>['format'];

// ---------------------------------------------------------------- koreksi, sahkan, audit

/** Body of POST …/koreksi: a committee admin changes one score, with a required reason. */
export const KoreksiBody = z
  .object({
    id_siswa: Id,
    komponen: KomponenKeySchema,
    nilai: z.number({ error: 'nilai harus berupa angka' }),
    alasan: z
      .string({ error: 'alasan wajib diisi' })
      .trim()
      .min(5, { error: 'alasan wajib diisi (paling sedikit 5 karakter)' })
      .max(500, { error: 'alasan paling panjang 500 karakter' }),
  })
  .superRefine((body, ctx) => {
    // Each component's exam on its own scale and range (RENTANG_KOMPONEN).
    const error = koreksiNilaiError(body.komponen, body.nilai);
    if (error) ctx.addIssue({ code: 'custom', path: ['nilai'], message: error });
  });
export type KoreksiBody = z.infer<typeof KoreksiBody>;

/** What a correction did: the component's score before (null: never scored) and after; berubah false when it already had that value. */
export const KoreksiHasil = z.object({
  komponen: KomponenKeySchema,
  lama: z.number().nullable(),
  baru: z.number(),
  berubah: z.boolean(),
});
export type KoreksiHasil = z.infer<typeof KoreksiHasil>;

/** A reason the committee writes (un-ratifying, ratifying early): 5 to 500 characters. */
const Alasan = z
  .string({ error: 'alasan wajib diisi' })
  .trim()
  .min(5, { error: 'alasan wajib diisi (paling sedikit 5 karakter)' })
  .max(500, { error: 'alasan paling panjang 500 karakter' });

/**
 * Body of POST …/sahkan (ratify). Before the event's last exam day only as "Sahkan lebih awal",
 * with the reason, which is audited and printed in the berita acara (docs/decisions/140).
 */
export const SahkanBody = z
  .object({ lebih_awal: z.boolean().optional(), alasan: Alasan.optional() })
  .refine((b) => !b.lebih_awal || b.alasan !== undefined, {
    path: ['alasan'],
    error: 'alasan wajib diisi untuk mengesahkan lebih awal (paling sedikit 5 karakter)',
  });
export type SahkanBody = z.infer<typeof SahkanBody>;
/** Body of POST …/batal-sahkan (un-ratify, reason required). */
export const BatalSahkanBody = z.object({ alasan: Alasan });

/** Where a score change came from. */
export const AUDIT_SUMBER = ['aplikasi', 'koreksi', 'impor', 'pengesahan'] as const;

/** Query of GET /panitia/audit. */
export const AuditQuery = z.object({
  id_ukt: OptionalId,
  id_siswa: OptionalId,
  id_pemilih: OptionalId,
  field: z
    .string()
    .regex(/^[a-z0-9_]{1,40}$/, { error: 'tidak dikenal' })
    .optional(),
  dari: z.iso.datetime({ error: 'harus berupa waktu, contoh 2026-11-28T08:00:00Z' }).optional(),
  sampai: z.iso.datetime({ error: 'harus berupa waktu, contoh 2026-11-28T17:00:00Z' }).optional(),
  hal: wholeNumber(1, 100_000, 'halaman mulai dari 1').default(1),
  /** A participant's name (part of it) or number. */
  cari: z.string().trim().max(100, { error: 'pencarian terlalu panjang' }).default(''),
  /** '1' also lists the defaults a first save filled in (nothing → 0 of a bonus or a reading). */
  bawaan: z.enum(['0', '1'], { error: 'harus 0 atau 1' }).default('0'),
});

/** Rows of GET /panitia/audit per page. */
export const AUDIT_PAGE_SIZE = 50;

/**
 * One row of the audit log. A change of the whole event (field 'sahkan': ratified 1, un-ratified
 * 0) names no participant: id_siswa '0', siswa ''.
 */
export const AuditRow = z.object({
  id: z.string(),
  at: z.string(),
  id_ukt: z.string(),
  id_siswa: z.string(),
  siswa: z.string(),
  id_pemilih: z.string(),
  penguji: z.string(),
  field: z.string(),
  id_tingkat: z.number(),
  lama: z.number().nullable(),
  baru: z.number().nullable(),
  alasan: z.string().nullable(),
  sumber: z.enum(AUDIT_SUMBER),
});
export type AuditRow = z.infer<typeof AuditRow>;

/** The answer of GET /panitia/audit: a page of AUDIT_PAGE_SIZE rows, newest first, and the paging facts. */
export const AuditList = z.object({ success: z.literal(true), data: z.array(AuditRow), meta: PageMeta });

// ---------------------------------------------------------------- live

/** One event on the live stream (GET …/stream, Server-Sent Events, event name 'ukt'). */
export const LiveEvent = z.object({
  jenis: z.enum(['ambil', 'nilai', 'koreksi', 'lepas', 'sahkan', 'tertunda']),
  id_ukt: z.string(),
  id_siswa: z.string().nullable(),
  id_pemilih: z.string().nullable(),
  at: z.string(),
});
export type LiveEvent = z.infer<typeof LiveEvent>;
