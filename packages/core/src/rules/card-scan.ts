import { formatCardCode, parseCardCode } from './card-code';

// What a scanned participant card means for the examiner's picker (issue 13 item 3): checked
// against the roster copy on the phone, so it works with no signal. The roster carries each
// participant's signed code (only the server can sign one), so a code that differs is forged.

/** What a card is checked against: a participant of the roster copy (core's RosterSiswa has these). */
export interface KartuDiRoster {
  id_siswa: number;
  no_urut: number;
  nama: string;
  /** 1: withdrew. */
  mundur: 0 | 1;
  /** The signed code of their card. */
  kode_kartu: string;
}

/** A scanned card: the participant to confirm, or why it is refused (an Indonesian message). */
export type CardScan<S extends KartuDiRoster = KartuDiRoster> =
  | { ok: true; siswa: S }
  | { ok: false; message: string };

/** Checks a scanned text against the chosen event and the examiner's roster copy (null: none on the phone). */
export function checkScannedCard<S extends KartuDiRoster>(
  text: string,
  idUkt: number,
  roster: { siswa: readonly S[] } | null,
): CardScan<S> {
  const code = parseCardCode(text);
  if (!code) {
    return {
      ok: false,
      message: 'Kode ini bukan kartu peserta UKT. Arahkan kamera ke kode QR pada kartu peserta.',
    };
  }
  if (code.idUkt !== idUkt) {
    return {
      ok: false,
      message: `Kartu ini untuk kegiatan lain (id_ukt ${code.idUkt}), bukan kegiatan yang dipilih. Minta kartu peserta kegiatan ini, atau ganti kegiatan.`,
    };
  }
  if (!roster) {
    return {
      ok: false,
      message: 'Daftar peserta belum tersimpan di HP ini. Sambungkan ke internet sebentar, lalu pindai lagi.',
    };
  }
  const siswa = roster.siswa.find((s) => s.id_siswa === code.idSiswa);
  if (!siswa) {
    return {
      ok: false,
      message:
        'Peserta pada kartu ini tidak ada di daftar Anda (tidak terdaftar, atau di luar perwapus/cabang Anda). Tanyakan ke panitia.',
    };
  }
  if (siswa.kode_kartu !== formatCardCode(code)) {
    return {
      ok: false,
      message:
        'Kartu tidak sah: kodenya tidak cocok dengan data panitia. Laporkan ke panitia, lalu cari peserta lewat daftar.',
    };
  }
  if (siswa.mundur) {
    return {
      ok: false,
      message: `${siswa.nama} (no. ${siswa.no_urut}) sudah mundur dari kegiatan, jadi tidak dapat diuji.`,
    };
  }
  return { ok: true, siswa };
}
