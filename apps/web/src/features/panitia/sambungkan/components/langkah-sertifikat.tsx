// How a phone comes to trust Caddy's own CA (`tls internal`, docs/pasang-venue.md), and checks it
// trusts the right one: the fingerprint it shows must be the one on this page (docs/decisions/126).
// The menus are named as on a phone set to Indonesian, with the English names for a phone set to English.

const android = (nama: string) => [
  'Pindai QR di atas dengan kamera dan buka tautannya di Chrome. Berkas ukt-ca.crt terunduh (bila ditanya, pilih Unduh).',
  'Buka Setelan (Settings) → Keamanan (Security) → Enkripsi & kredensial (Encryption & credentials) → Instal sertifikat (Install a certificate) → Sertifikat CA (CA certificate).',
  'Ketuk "Tetap instal" (Install anyway), buka kunci HP, lalu pilih berkas ukt-ca.crt di folder Download.',
  `Periksa: Setelan → Keamanan → Enkripsi & kredensial → Kredensial tepercaya (Trusted credentials) → tab Pengguna (User) → ketuk "${nama}". Sidik jari SHA-256 (SHA-256 fingerprint) di bagian bawah harus sama persis dengan yang di atas.`,
  'HP Samsung: pasang lewat Setelan → Keamanan dan privasi → Setelan keamanan lainnya → Instal dari penyimpanan perangkat → Sertifikat CA; periksa lewat Setelan keamanan lainnya → Lihat sertifikat keamanan (View security certificates) → Pengguna.',
];

const ios = (nama: string) => [
  'Pindai QR di atas dengan kamera dan buka tautannya di Safari. Ketuk "Izinkan" (Allow): profil terunduh.',
  `Buka Pengaturan (Settings) → Umum (General) → VPN & Manajemen Perangkat (VPN & Device Management) dan ketuk profil "${nama}". Sebelum memasang, ketuk More Details lalu sertifikatnya: SHA-256 di bawah sidik jari (Fingerprints) harus sama dengan yang di atas. Bila sama, kembali, ketuk Instal (Install) dan masukkan kode sandi HP.`,
  `Buka Pengaturan → Umum → Mengenai (About) → Pengaturan Kepercayaan Sertifikat (Certificate Trust Settings), lalu nyalakan sakelar "${nama}".`,
];

function Langkah({ judul, items }: { judul: string; items: string[] }) {
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-sm font-bold">{judul}</h3>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-neutral-800">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ol>
    </section>
  );
}

/** The install and check steps for Caddy's root certificate, named `nama` on the phone, on Android and on an iPhone. */
export function LangkahSertifikat({ nama }: { nama: string }) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-neutral-600">
        Cukup sekali untuk setiap HP, sebelum membuka aplikasi. Sertifikat ini membuat HP percaya pada laptop
        panitia, sehingga alamat https terbuka tanpa peringatan.
      </p>
      <p className="text-sm text-neutral-800">
        Cocokkan huruf dan angka sidik jari di HP dengan yang di atas, pasangan demi pasangan (HP bisa
        memisahkannya dengan spasi, bukan titik dua).{' '}
        <span className="font-semibold">Bila berbeda, jangan pakai sertifikat itu:</span> hapus dari HP dan
        beri tahu panitia. Sertifikat lain bisa membuat orang lain membaca isi sambungan HP.
      </p>
      <Langkah judul="Android" items={android(nama)} />
      <Langkah judul="iPhone (iOS)" items={ios(nama)} />
    </div>
  );
}
