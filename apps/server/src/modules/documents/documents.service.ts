import {
  formatNilai,
  formatNilaiKolom,
  hariDi,
  hariTerakhirUjian,
  isAdminPanitia,
  nomorWa,
  POSTS,
  tanggalPanjangId,
  type ZonaWaktu,
} from '@ukt/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import type { Writer } from '../../db/writer';
import { signCardCode } from '../../lib/card-code';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { cardLinksFor } from '../auth/card-login.service';
import { findKegiatanById } from '../kegiatan/kegiatan.repository';
import { kegiatanMissing } from '../kegiatan/kegiatan.service';
import { lockDisahkanAt } from '../kegiatan/kegiatan-sahkan.repository';
import { tugasOf } from '../kegiatan/penugasan.repository';
import type { MediaStore } from '../media/media.store';
import { countPenguji, listPenguji } from '../penguji/penguji-panitia.repository';
import { searchOf } from '../penguji/penguji-panitia.service';
import { findRantingNama } from '../regions/regions.repository';
import { buildRekap, type Rekap } from '../results/rekap.service';
import { statusPengesahan } from '../results/rekap-document';
import { alasanLebihAwal } from '../results/sahkan.service';
import { listKartuSiswa } from '../siswa/siswa.repository';
import { beritaAcaraPdf } from './berita-acara-pdf';
import { insertSertifikat, listSertifikat } from './documents.repository';
import { identitasOf } from './identitas';
import { kartuLoginPdf } from './kartu-login-pdf';
import { kartuPesertaPdf } from './kartu-peserta-pdf';
import { KOSONG, tanggalKegiatan } from './pdf-base';
import { penandatanganDokumen, tanggalTandaTangan } from './penandatangan';
import { randomKode } from './piagam-kode';
import { piagamPdf } from './piagam-pdf';
import { sabukBaru, sabukText } from './sabuk-text';

// The committee's documents (DESIGN §11), one service for the console's downloads and the `ukt`
// commands: participant cards, examiner login cards, piagam and berita acara, each a PDF.
// Piagam codes and the DRAF rule: docs/decisions/043; layout and login cards: 044.

/** What making a document needs. */
export interface DocumentDeps {
  db: Kysely<Database>;
  writer: Writer;
  secret: string;
  orgId: number;
  /** The app's public address: login links and verification QRs point there. */
  publicUrl: string;
  /** Where the organisation's logo is kept (docs/decisions/164). */
  media: MediaStore;
  now: Date;
  /** The organisation's time zone (UKT_ZONA_WAKTU): times and days on paper are in it. */
  zona: ZonaWaktu;
}

/** A made document: its bytes, how many cards or pages of people it holds, and its file name. */
export interface DocumentFile {
  bytes: Buffer;
  count: number;
  fileName: string;
}

/** The most login cards one PDF makes: each may be a new login link, so a print run is kept in bounds. */
const KARTU_LOGIN_MAX = 1000;

/** A score as paper prints it: '79,17', '80,00', '–' when missing (docs/decisions/110, 144). */
const score = formatNilaiKolom;

/** A post's name as printed: 1 → 'KESHAN'. */
const namaPos = (pos: number) => POSTS.find((p) => p.id === pos)?.nama ?? String(pos);

/** An event as a document's heading names it: 'Ujian Kenaikan Tingkat I · UKT Sabuk Polos Ke Jambon'. */
const judulOf = (kegiatan: { nama_kegiatan: string; nama_ukt: string }) =>
  [kegiatan.nama_kegiatan, kegiatan.nama_ukt].filter(Boolean).join(' · ');

async function kegiatanOf(deps: DocumentDeps, idUkt: number) {
  const kegiatan = await findKegiatanById(deps.db, deps.orgId, idUkt);
  if (!kegiatan) throw kegiatanMissing(idUkt);
  return kegiatan;
}

/** Participant cards of an event (or of one ranting of it), 8 to an A4 page; withdrawn participants have none. */
export async function kartuPeserta(
  deps: DocumentDeps,
  idUkt: number,
  idRanting?: number,
): Promise<DocumentFile> {
  const kegiatan = await kegiatanOf(deps, idUkt);
  if (idRanting !== undefined && !(await findRantingNama(deps.db, idRanting)))
    throw notFound(`Ranting dengan id ${idRanting} tidak ditemukan.`);
  const siswa = await listKartuSiswa(deps.db, idUkt, idRanting);
  if (!siswa.length)
    throw conflict(
      idRanting === undefined
        ? 'Kegiatan ini belum punya peserta aktif. Impor atau tambah peserta dulu.'
        : 'Ranting ini tidak punya peserta aktif di kegiatan ini. Pilih ranting lain.',
    );
  const identitas = await identitasOf(deps.db, deps.orgId, deps.media);
  const bytes = await kartuPesertaPdf(
    {
      ...identitas,
      kegiatan: kegiatan.nama_ukt,
      sabuk: sabukText(kegiatan.id_tingkat),
      kartu: siswa.map((s) => ({
        no_urut: s.no_urut,
        nama: s.nama,
        ranting: s.ranting,
        rayon: s.rayon,
        kode: signCardCode(deps.secret, idUkt, s.id_siswa),
      })),
    },
    deps.now,
  );
  return {
    bytes,
    count: siswa.length,
    fileName: `kartu-peserta-${idUkt}${idRanting === undefined ? '' : `-ranting-${idRanting}`}.pdf`,
  };
}

/**
 * Login cards of the organisation's active examiners the search finds (everyone for ''), or of
 * those assigned to one event; each examiner's QR is their card login link, an earlier card's
 * while it is unused and valid long enough, else a new single-use 24-hour one; a committee
 * admin's card holds no QR (docs/decisions/012, 036, 109).
 */
export async function kartuLogin(deps: DocumentDeps, cari: string, idUkt?: number): Promise<DocumentFile> {
  const kegiatan = idUkt === undefined ? undefined : await kegiatanOf(deps, idUkt);
  const search = searchOf(cari, idUkt);
  if ((await countPenguji(deps.db, deps.orgId, search)) > KARTU_LOGIN_MAX)
    throw badRequest(
      `Lebih dari ${KARTU_LOGIN_MAX} penguji cocok dengan pencarian. Persempit pencarian lalu cetak per kelompok.`,
    );
  const penguji = (await listPenguji(deps.db, deps.orgId, search, 1, KARTU_LOGIN_MAX)).filter(
    (p) => p.aktif === 1,
  );
  if (!penguji.length)
    throw conflict(
      kegiatan
        ? 'Belum ada penguji aktif yang ditugaskan ke kegiatan ini. Tugaskan penguji lewat "Atur tugas" di halaman Penguji.'
        : 'Tidak ada penguji aktif yang cocok dengan pencarian. Ubah pencarian atau aktifkan penguji.',
    );
  const now = deps.now.getTime();
  const links = await deps.writer.run((trx) =>
    cardLinksFor(
      trx,
      { ...deps, now },
      penguji.filter((p) => !isAdminPanitia(p.panitia)).map((p) => p.id_pemilih),
    ),
  );
  const tugas = kegiatan
    ? await tugasOf(
        deps.db,
        penguji.map((p) => p.id_pemilih),
      )
    : undefined;
  const tugasText = (idPemilih: number) => {
    if (!kegiatan) return '';
    const pos = tugas?.get(idPemilih)?.get(kegiatan.id_ukt) ?? [];
    return `Tugas: ${kegiatan.nama_ukt} · ${pos.length ? `Pos ${pos.map(namaPos).join(', ')}` : 'semua pos'}`;
  };
  const identitas = await identitasOf(deps.db, deps.orgId, deps.media);
  const bytes = await kartuLoginPdf(
    {
      ...identitas,
      zona: deps.zona,
      kartu: penguji.map((p) => {
        const link = links.get(p.id_pemilih);
        return {
          nama: p.nama,
          nomor: nomorWa(p.no_wa),
          login: link ? { url: link.url, berlakuSampai: new Date(link.expiresAt) } : null,
          tugas: tugasText(p.id_pemilih),
        };
      }),
    },
    deps.now,
  );
  return {
    bytes,
    count: penguji.length,
    fileName: kegiatan ? `kartu-login-penguji-${kegiatan.id_ukt}.pdf` : 'kartu-login-penguji.pdf',
  };
}

/**
 * The piagam codes of the passed participants of a ratified event: those issued before are kept,
 * the others are issued now, numbered on in the event's issue order. 409 when the ratification
 * was withdrawn meanwhile.
 */
async function issueSertifikat(deps: DocumentDeps, idUkt: number, idSiswa: number[], year: string) {
  return deps.writer.run(async (trx) => {
    if (!(await lockDisahkanAt(trx, idUkt, 'update')))
      throw conflict(
        'Pengesahan kegiatan ini baru saja dibatalkan. Piagam dapat diunduh lagi setelah disahkan.',
      );
    const issued = new Map((await listSertifikat(trx, idUkt)).map((s) => [s.id_siswa, s]));
    let urut = Math.max(0, ...[...issued.values()].map((s) => s.urut));
    const fresh = idSiswa
      .filter((id) => !issued.has(id))
      .map((id) => {
        urut++;
        return {
          kode: randomKode(),
          id_ukt: idUkt,
          id_siswa: id,
          urut,
          nomor: `${String(urut).padStart(3, '0')}/UKT-${idUkt}/${year}`,
          created_at: deps.now.toISOString(),
        };
      });
    await insertSertifikat(trx, fresh);
    for (const s of fresh) issued.set(s.id_siswa, s);
    return issued;
  });
}

/** The recap of an organisation's event in no_urut order; 404 for an unknown event. */
const rekapOf = (deps: DocumentDeps, idUkt: number, status: 'Lulus' | 'semua'): Promise<Rekap> =>
  buildRekap(deps.db, deps.orgId, idUkt, { status, urut: 'no_urut', arah: 'naik' });

/**
 * The piagam of every participant of the event whose status is Lulus under its pass rule. Before
 * ratification a DRAF: no certificate number, no code, no QR, nothing stored.
 */
export async function piagam(deps: DocumentDeps, idUkt: number): Promise<DocumentFile> {
  const rekap = await rekapOf(deps, idUkt, 'Lulus');
  const { kegiatan } = rekap;
  if (!rekap.rows.length)
    throw conflict('Belum ada peserta berstatus Lulus pada kegiatan ini, jadi belum ada piagam yang dibuat.');
  const disahkan = kegiatan.disahkan_at;
  const sertifikat = disahkan
    ? await issueSertifikat(
        deps,
        idUkt,
        rekap.rows.map((r) => Number(r.id_siswa)),
        // The year of the ratification day in the organisation's zone, as the berita acara dates it.
        hariDi(disahkan, deps.zona).slice(0, 4),
      )
    : null;
  const identitas = await identitasOf(deps.db, deps.orgId, deps.media);
  const base = deps.publicUrl.replace(/\/$/, '');
  const bytes = await piagamPdf(
    {
      ...identitas,
      kegiatan: judulOf(kegiatan),
      kenaikan: sabukText(kegiatan.id_tingkat),
      sabuk: sabukBaru(kegiatan.id_tingkat),
      tanggal: tanggalKegiatan(kegiatan),
      tempatTanggal: tanggalTandaTangan(identitas.kota, kegiatan, deps.now, deps.zona),
      draf: !disahkan,
      penandatangan: penandatanganDokumen(identitas.penandatangan, kegiatan, 'piagam'),
      piagam: rekap.rows.map((r) => {
        const s = sertifikat?.get(Number(r.id_siswa));
        return {
          nama: r.nama,
          ranting: r.ranting,
          rayon: r.rayon,
          predikat: r.predikat ?? KOSONG,
          nilai: score(r.nilai_akhir),
          nomor: s?.nomor ?? null,
          url: s ? `${base}/verifikasi/${s.kode}` : null,
        };
      }),
    },
    deps.now,
  );
  return { bytes, count: rekap.rows.length, fileName: `piagam-${idUkt}.pdf` };
}

/** The berita acara of an event: counts per status, every participant's result, signature blocks; DRAF until ratified. */
export async function beritaAcara(deps: DocumentDeps, idUkt: number): Promise<DocumentFile> {
  const rekap = await rekapOf(deps, idUkt, 'semua');
  const { kegiatan, meta, aturan } = rekap;
  const identitas = await identitasOf(deps.db, deps.orgId, deps.media);
  const disahkan = kegiatan.disahkan_at;
  const lebihAwal = disahkan ? await alasanLebihAwal(deps.db, idUkt) : null;
  const peserta = rekap.rows.length;
  const minimum = formatNilai(aturan.aturan.nilai_minimum);
  const pembukaan =
    `Pada ${tanggalKegiatan(kegiatan)} telah dilaksanakan ${kegiatan.nama_kegiatan} (${kegiatan.nama_ukt}) ` +
    `untuk kenaikan ${sabukText(kegiatan.id_tingkat)} oleh ${identitas.organisasi}, dengan ${peserta} peserta ` +
    `terdaftar${meta.mundur ? ` (${meta.mundur} di antaranya mundur)` : ''}. Kelulusan ditetapkan menurut ` +
    `${aturan.versi ? `aturan kelulusan versi ${aturan.versi}` : 'aturan kelulusan bawaan'} dengan nilai akhir ` +
    `minimal ${minimum}. Hasilnya sebagai berikut.` +
    (lebihAwal
      ? ` Nilai disahkan panitia lebih awal, pada ${tanggalPanjangId(hariDi(disahkan as string, deps.zona))}, ` +
        `sebelum hari ujian terakhir (${tanggalPanjangId(hariTerakhirUjian(kegiatan))}), dengan alasan: ${lebihAwal}`
      : '');
  const bytes = await beritaAcaraPdf(
    {
      ...identitas,
      kegiatan: kegiatan.nama_ukt,
      judul: judulOf(kegiatan),
      pembukaan,
      draf: !disahkan,
      status: statusPengesahan(disahkan, lebihAwal !== null, deps.zona),
      jumlah: meta.total,
      mundur: meta.mundur,
      rows: rekap.rows.map((r) => ({
        no_urut: r.no_urut,
        nama: r.nama,
        ranting: r.ranting,
        nilai: score(r.nilai_akhir),
        predikat: r.predikat ?? KOSONG,
        status: r.status,
      })),
      tempatTanggal: tanggalTandaTangan(identitas.kota, kegiatan, deps.now, deps.zona),
      penandatangan: penandatanganDokumen(identitas.penandatangan, kegiatan, 'berita_acara'),
    },
    deps.now,
  );
  return { bytes, count: rekap.rows.length, fileName: `berita-acara-${idUkt}.pdf` };
}
