import {
  KOMPONEN_NILAI,
  type KomponenKey,
  KSHAN_TINGKAT,
  type PageMeta,
  type Post,
  postFlagField,
  type RosterSiswa,
  SISWA_PAGE_SIZE,
  type SiswaRoster,
  type SiswaRow,
} from '@ukt/core';

/** The participant query the picker asks (SPEC §7): search, region filters, page, 'Belum dinilai'. */
export interface RosterQuery {
  hal: number;
  nama: string;
  posUjian: number;
  id_ukt: number;
  /** '' or missing: no filter. */
  id_perwapus?: string;
  id_cabang?: string;
  id_ranting?: string;
  id_rayon?: string;
  /** Only those without a score for this exam. */
  belum_dinilai?: KomponenKey | '';
}

const BY_FIELD = new Map(
  (Object.entries(KOMPONEN_NILAI) as [KomponenKey, { field: string }][])
    .filter(([key]) => key !== 'keshan' && key !== 'kshan')
    .map(([key, { field }]) => [field, key]),
);

/** The exam whose score a record column at a belt level holds; KESHAN and KSHAN share nilai_kshan, KSHAN under level 5. */
export function komponenOfScore(field: string, idTingkat: number): KomponenKey | null {
  if (field === 'nilai_kshan') return idTingkat === KSHAN_TINGKAT ? 'kshan' : 'keshan';
  return BY_FIELD.get(field) ?? null;
}

/**
 * The roster with the scores this phone holds (sent, or waiting in the outbox) marked as scored, so
 * a participant leaves 'Belum dinilai' as soon as their score is saved, whatever the copy's age.
 */
export function withScoresOnPhone(
  roster: SiswaRoster,
  scores: readonly { idSiswa: number; idTingkat: number; field: string }[],
): SiswaRoster {
  const marks = new Map<number, Set<KomponenKey>>();
  for (const score of scores) {
    const key = komponenOfScore(score.field, score.idTingkat);
    if (key) marks.set(score.idSiswa, (marks.get(score.idSiswa) ?? new Set()).add(key));
  }
  if (!marks.size) return roster;
  return {
    ...roster,
    siswa: roster.siswa.map((s) => {
      const added = [...(marks.get(s.id_siswa) ?? [])].filter((key) => !s.dinilai.includes(key));
      return added.length ? { ...s, dinilai: [...s.dinilai, ...added] } : s;
    }),
  };
}

const flagText = (value: number | null) => (value === null ? null : String(value));

/** A roster participant as a list row of the server (DESIGN §4), region names looked up. */
export function toSiswaRow(
  roster: SiswaRoster,
  s: RosterSiswa,
  posUjian: number,
  examinerId: string,
): SiswaRow {
  const nama = (level: 'cabang' | 'ranting' | 'rayon', id: number) =>
    roster[level].find((r) => r.id === id)?.nama ?? '';
  const flag = postFlagField(posUjian as Post);
  const holder = flagText(s[flag]);
  return {
    id_siswa: String(s.id_siswa),
    no_urut: String(s.no_urut),
    nama: s.nama,
    cabang: nama('cabang', s.id_cabang),
    provinsi: s.provinsi,
    nama_ranting: nama('ranting', s.id_ranting),
    nama_rayon: nama('rayon', s.id_rayon),
    sudah_keshan: flagText(s.sudah_keshan),
    sudah_tes: flagText(s.sudah_tes),
    sudah_fisik: flagText(s.sudah_fisik),
    sudah_sambung: flagText(s.sudah_sambung),
    sudah_ujian: holder && holder !== examinerId ? 1 : 0,
    dinilai: s.dinilai,
  };
}

const matchesId = (asked: string | undefined, id: number) => !asked || Number(asked) === id;

/**
 * One page of the phone's roster copy answered the way the server would (DESIGN §4): withdrawn
 * participants left out, the four region filters, `nama` matching part of a name (any case) or a
 * no_urut, 'Belum dinilai' for an exam, 20 rows a page, and sudah_ujian 1 when another examiner
 * holds the participant at the asked post.
 */
export function rosterPage(
  roster: SiswaRoster,
  query: RosterQuery,
  examinerId: string,
): { rows: SiswaRow[]; meta: PageMeta } {
  const search = query.nama.trim().toLowerCase();
  const belum = query.belum_dinilai || undefined;
  const matching = roster.siswa.filter(
    (s) =>
      !s.mundur &&
      matchesId(query.id_perwapus, s.id_perwapus) &&
      matchesId(query.id_cabang, s.id_cabang) &&
      matchesId(query.id_ranting, s.id_ranting) &&
      matchesId(query.id_rayon, s.id_rayon) &&
      (!belum || !s.dinilai.includes(belum)) &&
      (!search || s.nama.toLowerCase().includes(search) || String(s.no_urut) === search),
  );
  const total = matching.length;
  const totalPages = Math.max(1, Math.ceil(total / SISWA_PAGE_SIZE));
  const hal = Math.min(Math.max(1, query.hal), totalPages);
  return {
    rows: matching
      .slice((hal - 1) * SISWA_PAGE_SIZE, hal * SISWA_PAGE_SIZE)
      .map((s) => toSiswaRow(roster, s, query.posUjian, examinerId)),
    meta: { hal, per_page: SISWA_PAGE_SIZE, total, total_pages: totalPages },
  };
}

/** A filter level's options as the server's option calls answer them (SPEC §3). */
export type RegionLevel = 'perwapus' | 'cabang' | 'ranting' | 'rayon';

/** The options of a region level under a parent ('' for perwapus), from the roster's regions. */
export function rosterOptions(
  roster: SiswaRoster,
  level: RegionLevel,
  parent: string,
): { id: string; nama: string }[] {
  return roster[level]
    .filter((r) => level === 'perwapus' || String(r.id_parent) === parent)
    .map((r) => ({ id: String(r.id), nama: r.nama }));
}
