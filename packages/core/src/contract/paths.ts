// Every API path, written out once (STYLE §14, bulletproof-react's config/paths.ts): the server
// registers `route` (a Fastify pattern relative to API_PREFIX), clients call `href(...)`.

/** Where every API call lives (SPEC §7). */
export const API_PREFIX = '/uktNEW/api';

/** Prometheus's scrape address, outside API_PREFIX where a scrape looks by default (docs/decisions/163). */
export const METRICS_PATH = '/metrics';

type Part = string | number;
const seg = (value: Part) => encodeURIComponent(String(value));

/** A path without parameters. */
function fixed(route: string) {
  return { route, href: () => route } as const;
}

/** The API's paths, relative to API_PREFIX. */
export const API = {
  health: fixed('/health'),
  organisasi: { route: '/organisasi/:id', href: (id: Part) => `/organisasi/${seg(id)}` },
  organisasiGambar: {
    route: '/organisasi/:id/gambar/:slot',
    href: (id: Part, slot: string, version: Part) =>
      `/organisasi/${seg(id)}/gambar/${seg(slot)}?v=${seg(version)}`,
  },

  otpLogin: { route: '/auth/otp-login/:id_organisasi', href: (org: Part) => `/auth/otp-login/${seg(org)}` },
  otpVerify: {
    route: '/auth/otp-login/cek/:id_organisasi',
    href: (org: Part) => `/auth/otp-login/cek/${seg(org)}`,
  },
  tokenLogin: fixed('/auth/CEKDATA'),
  tokenLoginBelt: { route: '/auth/CEKDATA22/:vard', href: (vard: Part) => `/auth/CEKDATA22/${seg(vard)}` },
  logout: fixed('/auth/logout'),

  kegiatan: fixed('/DataSiswa/UKT'),
  perwapus: fixed('/DataSiswa/perwapus'),
  cabang: fixed('/DataSiswa/cabang'),
  ranting: fixed('/DataSiswa/ranting'),
  rayon: fixed('/DataSiswa/rayon'),
  siswa: fixed('/DataSiswa/siswa'),
  siswaRoster: fixed('/DataSiswa/roster'),
  siswaUpdate: {
    route: '/DataSiswa/siswaUpdate/:id_siswa',
    href: (idSiswa: Part) => `/DataSiswa/siswaUpdate/${seg(idSiswa)}`,
  },
  nilai: fixed('/DataSiswa/NilaiSiswa'),
  nilaiFisik: fixed('/DataSiswa/nilaifisiksiswa'),

  keshanSoal: { route: '/keshan/soal/:id', href: (tingkat: Part) => `/keshan/soal/${seg(tingkat)}` },
  keshanJawaban: fixed('/keshan/jawaban'),
  keshanUploadAudio: fixed('/keshan/upload-audio'),
  keshanAudio: {
    route: '/keshan/audio/:id_ukt/:id_siswa/:id_soal',
    href: (idUkt: Part, idSiswa: Part, idSoal: Part) =>
      `/keshan/audio/${seg(idUkt)}/${seg(idSiswa)}/${seg(idSoal)}`,
  },

  verifikasi: { route: '/verifikasi/:kode', href: (kode: string) => `/verifikasi/${seg(kode)}` },

  panitia: {
    kegiatan: fixed('/panitia/kegiatan'),
    kegiatanById: {
      route: '/panitia/kegiatan/:id_ukt',
      href: (idUkt: Part) => `/panitia/kegiatan/${seg(idUkt)}`,
    },
    kegiatanPenandatangan: {
      route: '/panitia/kegiatan/:id_ukt/penandatangan',
      href: (idUkt: Part) => `/panitia/kegiatan/${seg(idUkt)}/penandatangan`,
    },
    kegiatanArsip: {
      route: '/panitia/kegiatan/:id_ukt/arsip',
      href: (idUkt: Part) => `/panitia/kegiatan/${seg(idUkt)}/arsip`,
    },
    peserta: {
      route: '/panitia/kegiatan/:id_ukt/peserta',
      href: (idUkt: Part) => `/panitia/kegiatan/${seg(idUkt)}/peserta`,
    },
    pesertaById: {
      route: '/panitia/kegiatan/:id_ukt/peserta/:id_siswa',
      href: (idUkt: Part, idSiswa: Part) => `/panitia/kegiatan/${seg(idUkt)}/peserta/${seg(idSiswa)}`,
    },
    pesertaMundur: {
      route: '/panitia/kegiatan/:id_ukt/peserta/:id_siswa/mundur',
      href: (idUkt: Part, idSiswa: Part) => `/panitia/kegiatan/${seg(idUkt)}/peserta/${seg(idSiswa)}/mundur`,
    },
    pesertaLepas: {
      route: '/panitia/kegiatan/:id_ukt/peserta/:id_siswa/lepas',
      href: (idUkt: Part, idSiswa: Part) => `/panitia/kegiatan/${seg(idUkt)}/peserta/${seg(idSiswa)}/lepas`,
    },
    imporTemplat: {
      route: '/panitia/impor/:jenis/templat',
      href: (jenis: string) => `/panitia/impor/${seg(jenis)}/templat`,
    },
    imporPratinjau: {
      route: '/panitia/impor/:jenis/pratinjau',
      href: (jenis: string, query = '') => `/panitia/impor/${seg(jenis)}/pratinjau${query}`,
    },
    impor: {
      route: '/panitia/impor/:jenis',
      href: (jenis: string, query = '') => `/panitia/impor/${seg(jenis)}${query}`,
    },
    progres: {
      route: '/panitia/kegiatan/:id_ukt/progres',
      href: (idUkt: Part) => `/panitia/kegiatan/${seg(idUkt)}/progres`,
    },
    progresBelum: {
      route: '/panitia/kegiatan/:id_ukt/progres/belum',
      href: (idUkt: Part) => `/panitia/kegiatan/${seg(idUkt)}/progres/belum`,
    },
    stream: {
      route: '/panitia/kegiatan/:id_ukt/stream',
      href: (idUkt: Part) => `/panitia/kegiatan/${seg(idUkt)}/stream`,
    },
    aturan: {
      route: '/panitia/kegiatan/:id_ukt/aturan',
      href: (idUkt: Part) => `/panitia/kegiatan/${seg(idUkt)}/aturan`,
    },
    rekap: {
      route: '/panitia/kegiatan/:id_ukt/rekap',
      href: (idUkt: Part) => `/panitia/kegiatan/${seg(idUkt)}/rekap`,
    },
    rekapEkspor: {
      route: '/panitia/kegiatan/:id_ukt/rekap/ekspor',
      href: (idUkt: Part, format: string) =>
        `/panitia/kegiatan/${seg(idUkt)}/rekap/ekspor?format=${seg(format)}`,
    },
    koreksi: {
      route: '/panitia/kegiatan/:id_ukt/koreksi',
      href: (idUkt: Part) => `/panitia/kegiatan/${seg(idUkt)}/koreksi`,
    },
    sahkan: {
      route: '/panitia/kegiatan/:id_ukt/sahkan',
      href: (idUkt: Part) => `/panitia/kegiatan/${seg(idUkt)}/sahkan`,
    },
    batalSahkan: {
      route: '/panitia/kegiatan/:id_ukt/batal-sahkan',
      href: (idUkt: Part) => `/panitia/kegiatan/${seg(idUkt)}/batal-sahkan`,
    },
    kartuPeserta: {
      route: '/panitia/kegiatan/:id_ukt/kartu-peserta',
      href: (idUkt: Part, idRanting?: Part) =>
        `/panitia/kegiatan/${seg(idUkt)}/kartu-peserta${idRanting ? `?id_ranting=${seg(idRanting)}` : ''}`,
    },
    piagam: {
      route: '/panitia/kegiatan/:id_ukt/piagam',
      href: (idUkt: Part) => `/panitia/kegiatan/${seg(idUkt)}/piagam`,
    },
    beritaAcara: {
      route: '/panitia/kegiatan/:id_ukt/berita-acara',
      href: (idUkt: Part) => `/panitia/kegiatan/${seg(idUkt)}/berita-acara`,
    },
    kartuLogin: {
      route: '/panitia/penguji/kartu-login',
      href: (cari = '', idUkt = '') => {
        const query = [cari && `cari=${seg(cari)}`, idUkt && `id_ukt=${seg(idUkt)}`].filter(Boolean);
        return `/panitia/penguji/kartu-login${query.length ? `?${query.join('&')}` : ''}`;
      },
    },
    audit: fixed('/panitia/audit'),
    penguji: fixed('/panitia/penguji'),
    pengujiById: {
      route: '/panitia/penguji/:id_pemilih',
      href: (id: Part) => `/panitia/penguji/${seg(id)}`,
    },
    pengujiAktif: {
      route: '/panitia/penguji/:id_pemilih/aktif',
      href: (id: Part) => `/panitia/penguji/${seg(id)}/aktif`,
    },
    pengujiTugas: {
      route: '/panitia/penguji/:id_pemilih/tugas',
      href: (id: Part) => `/panitia/penguji/${seg(id)}/tugas`,
    },
    pengujiTautan: {
      route: '/panitia/penguji/:id_pemilih/tautan',
      href: (id: Part) => `/panitia/penguji/${seg(id)}/tautan`,
    },
    soal: { route: '/panitia/soal/:tingkat', href: (tingkat: Part) => `/panitia/soal/${seg(tingkat)}` },
    soalById: {
      route: '/panitia/soal/:tingkat/:id_soal',
      href: (tingkat: Part, idSoal: Part) => `/panitia/soal/${seg(tingkat)}/${seg(idSoal)}`,
    },
    organisasi: fixed('/panitia/organisasi'),
    organisasiPenandatangan: fixed('/panitia/organisasi/penandatangan'),
    organisasiGambar: {
      route: '/panitia/organisasi/gambar/:slot',
      href: (slot: string) => `/panitia/organisasi/gambar/${seg(slot)}`,
    },
    sambungkan: fixed('/panitia/sambungkan'),
    cadangan: fixed('/panitia/cadangan'),
    cadanganByName: {
      route: '/panitia/cadangan/:name',
      href: (name: string) => `/panitia/cadangan/${seg(name)}`,
    },
    whatsapp: fixed('/panitia/whatsapp'),
    whatsappTautan: fixed('/panitia/whatsapp/tautan'),
    mulai: fixed('/panitia/mulai'),
    demoHapus: fixed('/panitia/demo/hapus'),
  },
} as const;

/** The examiner-photo call, outside the API prefix (SPEC §7). */
export const IMG = {
  route: '/img/:id_organisasi/:id_pemilih',
  href: (org: Part, idPemilih: Part) => `/img/${seg(org)}/${seg(idPemilih)}`,
} as const;
