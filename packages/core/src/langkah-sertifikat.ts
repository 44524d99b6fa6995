// How a phone or laptop comes to trust Caddy's own CA (`tls internal`, docs/pasang-venue.md), and
// checks it trusts the right one: the fingerprint it shows must be the one on the page
// (docs/decisions/126). One text for the console's "Sambungkan HP" and the plain-http page a phone
// gets at http://<venue name>/ (docs/decisions/133). Menus are named as on a device set to
// Indonesian, with the English names for one set to English.

/** How the reader gets the file: by scanning the QR shown on another screen, or by the link on this one. */
export type CaraUnduh = 'qr' | 'tautan';

const unduhAndroid: Record<CaraUnduh, string> = {
  qr: 'Pindai QR di atas dengan kamera dan buka tautannya di Chrome. Berkas ukt-ca.crt terunduh (bila ditanya, pilih Unduh).',
  tautan:
    'Di Chrome, ketuk "Unduh sertifikat" di atas (atau pindai QR-nya dari layar laptop panitia). Berkas ukt-ca.crt terunduh (bila ditanya, pilih Unduh).',
};

const unduhIos: Record<CaraUnduh, string> = {
  qr: 'Pindai QR di atas dengan kamera dan buka tautannya di Safari. Ketuk "Izinkan" (Allow): profil terunduh.',
  tautan:
    'Di Safari, ketuk "Unduh sertifikat" di atas (atau pindai QR-nya dari layar laptop panitia). Ketuk "Izinkan" (Allow): profil terunduh.',
};

/** Installing and checking the root named `nama` on an Android phone. */
export const langkahAndroid = (nama: string, cara: CaraUnduh = 'qr'): string[] => [
  unduhAndroid[cara],
  'Buka Setelan (Settings) → Keamanan (Security) → Enkripsi & kredensial (Encryption & credentials) → Instal sertifikat (Install a certificate) → Sertifikat CA (CA certificate).',
  'Ketuk "Tetap instal" (Install anyway), buka kunci HP, lalu pilih berkas ukt-ca.crt di folder Download.',
  `Periksa: Setelan → Keamanan → Enkripsi & kredensial → Kredensial tepercaya (Trusted credentials) → tab Pengguna (User) → ketuk "${nama}". Sidik jari SHA-256 (SHA-256 fingerprint) di bagian bawah harus sama persis dengan yang di atas.`,
  'HP Samsung: pasang lewat Setelan → Keamanan dan privasi → Setelan keamanan lainnya → Instal dari penyimpanan perangkat → Sertifikat CA; periksa lewat Setelan keamanan lainnya → Lihat sertifikat keamanan (View security certificates) → Pengguna.',
];

/** Installing and checking the root named `nama` on an iPhone or iPad. */
export const langkahIos = (nama: string, cara: CaraUnduh = 'qr'): string[] => [
  unduhIos[cara],
  `Buka Pengaturan (Settings) → Umum (General) → VPN & Manajemen Perangkat (VPN & Device Management) dan ketuk profil "${nama}". Sebelum memasang, ketuk More Details lalu sertifikatnya: SHA-256 di bawah sidik jari (Fingerprints) harus sama dengan yang di atas. Bila sama, kembali, ketuk Instal (Install) dan masukkan kode sandi HP.`,
  `Buka Pengaturan → Umum → Mengenai (About) → Pengaturan Kepercayaan Sertifikat (Certificate Trust Settings), lalu nyalakan sakelar "${nama}".`,
];

/** Installing the root named `nama` on the committee's laptops, per system. */
export const langkahLaptop = (nama: string): { sistem: string; langkah: string[] }[] => [
  {
    sistem: 'Laptop Windows',
    langkah: [
      'Klik "Unduh sertifikat" di atas, lalu buka berkas ukt-ca.crt dari folder Unduhan (Downloads).',
      'Klik Pasang Sertifikat (Install Certificate) → Pengguna Saat Ini (Current User) → "Tempatkan semua sertifikat di penyimpanan berikut" (Place all certificates in the following store) → Telusuri (Browse) → Otoritas Sertifikasi Akar Tepercaya (Trusted Root Certification Authorities) → Selesai (Finish) → Ya (Yes).',
      `Tutup semua jendela Chrome atau Edge, lalu buka alamat aplikasi: tanpa peringatan berarti "${nama}" terpasang.`,
    ],
  },
  {
    sistem: 'Laptop macOS',
    langkah: [
      'Klik "Unduh sertifikat" di atas, lalu klik dua kali berkas ukt-ca.crt: Akses Keychain (Keychain Access) terbuka; pilih keychain "login".',
      `Klik dua kali "${nama}", buka Kepercayaan (Trust), pilih "Selalu Percayai" (Always Trust) pada "Saat menggunakan sertifikat ini", tutup jendelanya dan masukkan kata sandi Mac.`,
      'Periksa SHA-256 di bagian Sidik Jari (Fingerprints) jendela yang sama: harus sama dengan yang di atas. Tutup dan buka lagi browser.',
    ],
  },
  {
    sistem: 'Laptop Linux',
    langkah: [
      'Klik "Unduh sertifikat" di atas.',
      'Chrome atau Chromium: Setelan → Privasi dan keamanan → Keamanan → Kelola sertifikat → Otoritas (Authorities) → Impor (Import), pilih ukt-ca.crt, centang "Percayai sertifikat ini untuk mengidentifikasi situs web" (Trust this certificate for identifying websites).',
      'Firefox: Setelan → Privasi & Keamanan → Sertifikat → Tampilkan Sertifikat (View Certificates) → Otoritas (Authorities) → Impor (Import), centang yang sama.',
    ],
  },
];

/** Why, once per device, and what to do when the fingerprint differs. */
export const PENGANTAR_SERTIFIKAT = [
  'Cukup sekali untuk setiap HP, sebelum membuka aplikasi. Sertifikat ini membuat HP percaya pada laptop panitia, sehingga alamat https terbuka tanpa peringatan.',
  'Cocokkan huruf dan angka sidik jari di HP dengan yang di atas, pasangan demi pasangan (HP bisa memisahkannya dengan spasi, bukan titik dua).',
] as const;

/** Said in bold after the second line of PENGANTAR_SERTIFIKAT. */
export const BILA_SIDIK_JARI_BEDA =
  'Bila berbeda, jangan pakai sertifikat itu: hapus dari HP dan beri tahu panitia. Sertifikat lain bisa membuat orang lain membaca isi sambungan HP.';
