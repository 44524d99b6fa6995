// How a phone comes to trust Caddy's own CA (`tls internal`, docs/pasang-venue.md): the menus are
// named as on a phone set to Indonesian, with the English names for a phone set to English.

const ANDROID = [
  'Pindai QR di atas dengan kamera dan buka tautannya di Chrome. Berkas ukt-ca.crt terunduh (bila ditanya, pilih Unduh).',
  'Buka Setelan (Settings) → Keamanan (Security) → Enkripsi & kredensial (Encryption & credentials) → Instal sertifikat (Install a certificate) → Sertifikat CA (CA certificate).',
  'Ketuk "Tetap instal" (Install anyway), buka kunci HP, lalu pilih berkas ukt-ca.crt di folder Download.',
  'HP Samsung: Setelan → Keamanan dan privasi → Setelan keamanan lainnya → Instal dari penyimpanan perangkat → Sertifikat CA.',
];

const IOS = [
  'Pindai QR di atas dengan kamera dan buka tautannya di Safari. Ketuk "Izinkan" (Allow): profil terunduh.',
  'Buka Pengaturan (Settings) → Umum (General) → VPN & Manajemen Perangkat (VPN & Device Management), ketuk profil "UKT Penguji", lalu Instal (Install) dan masukkan kode sandi HP.',
  'Buka Pengaturan → Umum → Mengenai (About) → Pengaturan Kepercayaan Sertifikat (Certificate Trust Settings), lalu nyalakan sakelar "UKT Penguji".',
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

/** The install steps for Caddy's root certificate on Android and on an iPhone. */
export function LangkahSertifikat() {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-neutral-600">
        Cukup sekali untuk setiap HP, sebelum membuka aplikasi. Sertifikat ini membuat HP percaya pada laptop
        panitia, sehingga alamat https terbuka tanpa peringatan.
      </p>
      <Langkah judul="Android" items={ANDROID} />
      <Langkah judul="iPhone (iOS)" items={IOS} />
    </div>
  );
}
