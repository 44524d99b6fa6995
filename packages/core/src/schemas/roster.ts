import { z } from '../zod';
import { Id } from './common';
import { UjianKey } from './siswa';

/** Query of GET /DataSiswa/roster: the event whose roster the phone keeps (issue 14 item 4). */
export const SiswaRosterQuery = z.object({ id_ukt: Id });
export type SiswaRosterQuery = z.infer<typeof SiswaRosterQuery>;

const flag = z.number().nullable();

/**
 * One participant of the roster: region ids rather than names (the names come once, in the region
 * lists), the post flags, the exams scored, whether they withdrew, and their card's signed code.
 */
export const RosterSiswa = z.object({
  id_siswa: z.number(),
  no_urut: z.number(),
  nama: z.string(),
  provinsi: z.string(),
  id_perwapus: z.number(),
  id_cabang: z.number(),
  id_ranting: z.number(),
  id_rayon: z.number(),
  sudah_keshan: flag,
  sudah_tes: flag,
  sudah_fisik: flag,
  sudah_sambung: flag,
  /** 1: withdrew (out of the picker; a scanned card of theirs is refused by name). */
  mundur: z.union([z.literal(0), z.literal(1)]),
  dinilai: z.array(UjianKey),
  /** The QR of their participant card (DESIGN §11), to check a scanned card with no signal. */
  kode_kartu: z.string(),
});
export type RosterSiswa = z.infer<typeof RosterSiswa>;

/** A region the roster's participants are in, under its parent (perwapus: none). */
export const RosterRegion = z.object({ id: z.number(), nama: z.string(), id_parent: z.number() });
export type RosterRegion = z.infer<typeof RosterRegion>;

/** An event's whole roster as this examiner may see it, in one answer. */
export const SiswaRoster = z.object({
  id_ukt: z.number(),
  perwapus: z.array(RosterRegion),
  cabang: z.array(RosterRegion),
  ranting: z.array(RosterRegion),
  rayon: z.array(RosterRegion),
  siswa: z.array(RosterSiswa),
});
export type SiswaRoster = z.infer<typeof SiswaRoster>;

/** The answer of GET /DataSiswa/roster. */
export const SiswaRosterResult = z.object({ success: z.literal(true), data: SiswaRoster });
