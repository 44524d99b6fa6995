import { Notice } from '../../../../components/ui/notice';
import { QueryView } from '../../components/query-view';
import { useSambungkan } from '../api/get-sambungkan';
import { AlamatQr } from './alamat-qr';
import { LangkahSertifikat } from './langkah-sertifikat';
import { SertifikatBermasalah } from './sertifikat-bermasalah';
import { SidikJari } from './sidik-jari';

/**
 * /panitia/sambungkan: QR codes that bring an examiner's phone to the app over https, the root
 * certificate's first when the certificate is Caddy's own, with the fingerprint the phone checks it
 * by (DESIGN §14, docs/decisions/094 and 126).
 */
export function SambungkanPage() {
  const query = useSambungkan();
  return (
    <section aria-labelledby="sambungkan-judul" className="flex flex-col gap-4">
      <h1 id="sambungkan-judul" className="text-xl font-bold">
        Sambungkan HP
      </h1>
      <p className="text-sm text-neutral-600">
        Tunjukkan halaman ini kepada penguji. Setiap HP memindai QR dengan kameranya, langkah demi langkah.
      </p>
      <QueryView query={query}>
        {(s) => (
          <div className="flex flex-col gap-4">
            {!s.https && (
              <Notice tone="error">
                Alamat aplikasi <span className="font-mono">{s.alamat_aplikasi}</span> bukan https://. Di
                alamat ini HP penguji tidak dapat memakai kamera, kunci aplikasi, dan membuka aplikasi tanpa
                sinyal. Pasang Caddy di depan server dan isi PUBLIC_URL=https://… (panduan
                docs/pasang-venue.md atau docs/pasang-server.md), lalu jalankan ulang server.
              </Notice>
            )}
            <div className="grid items-start gap-4 lg:grid-cols-2">
              {s.alamat_sertifikat_ca && s.sertifikat_ca && (
                <AlamatQr
                  langkah={1}
                  judul="Pasang sertifikat"
                  alamat={s.alamat_sertifikat_ca}
                  label="QR unduhan sertifikat"
                  besideQr={<SidikJari sertifikat={s.sertifikat_ca} />}
                >
                  <LangkahSertifikat nama={s.sertifikat_ca.nama} />
                </AlamatQr>
              )}
              {s.alamat_sertifikat_ca && s.masalah_sertifikat_ca && (
                <SertifikatBermasalah
                  masalah={s.masalah_sertifikat_ca}
                  checking={query.isFetching}
                  onCheck={() => void query.refetch()}
                />
              )}
              <AlamatQr
                langkah={s.alamat_sertifikat_ca ? 2 : 1}
                judul="Buka aplikasi"
                alamat={s.alamat_aplikasi}
                label="QR alamat aplikasi"
              >
                <p className="text-sm text-neutral-800">
                  Buka di Chrome (Android) atau Safari (iPhone), lalu masuk dengan nomor WhatsApp. Pilih
                  &quot;Tambahkan ke layar utama&quot; agar aplikasi terbuka juga tanpa sinyal.
                </p>
                <p className="text-sm text-neutral-600">
                  Selalu pakai alamat ini: aplikasi dan nilai yang belum terkirim tersimpan di HP untuk alamat
                  ini saja.
                </p>
              </AlamatQr>
            </div>
          </div>
        )}
      </QueryView>
    </section>
  );
}
