import { kendalaAlamatHp } from '@ukt/core';
import { Notice } from '../../../../components/ui/notice';
import { QueryView } from '../../components/query-view';
import { Perintah, UntukPetugasIt } from '../../components/untuk-petugas-it';
import { useSambungkan } from '../api/get-sambungkan';
import { AlamatQr } from './alamat-qr';
import { LangkahSertifikat } from './langkah-sertifikat';
import { SertifikatBermasalah } from './sertifikat-bermasalah';
import { SidikJari } from './sidik-jari';

/**
 * The app's address is one no phone can open (plain http, this laptop only, a wildcard): no QR is
 * offered, the committee is told what it means, and the person who runs the server how to mend it.
 */
function AlamatBelumBisa({ alamat }: { alamat: string }) {
  return (
    <div className="flex flex-col gap-2">
      <Notice tone="error">
        <strong>HP penguji belum dapat disambungkan.</strong> {kendalaAlamatHp(alamat)} Minta petugas IT
        menjalankan aplikasi untuk venue (satu perintah, lihat di bawah), lalu buka halaman ini lagi.
      </Notice>
      <UntukPetugasIt>
        <p>
          Alamat aplikasi sekarang (<span className="font-mono">PUBLIC_URL</span>):{' '}
          <span className="font-mono break-all">{alamat}</span>
        </p>
        <p>Di venue (laptop + router WiFi), satu perintah menjalankan aplikasi dan Caddy untuk https:</p>
        <Perintah>npm run venue -- ukt.lan</Perintah>
        <p>
          Windows: klik dua kali <span className="font-mono">mulai-ukt.cmd</span>. Server dengan domain: Caddy
          di depan server dan <span className="font-mono">PUBLIC_URL=https://…</span>. Panduan:{' '}
          <span className="font-mono">docs/pasang-venue.md</span>,{' '}
          <span className="font-mono">docs/pasang-server.md</span>.
        </p>
      </UntukPetugasIt>
    </div>
  );
}

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
            {kendalaAlamatHp(s.alamat_aplikasi) && <AlamatBelumBisa alamat={s.alamat_aplikasi} />}
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
              {!kendalaAlamatHp(s.alamat_aplikasi) && (
                <AlamatQr
                  langkah={s.alamat_sertifikat_ca ? 2 : 1}
                  judul="Buka aplikasi"
                  alamat={s.alamat_aplikasi}
                  label="QR alamat aplikasi"
                >
                  <p className="text-sm text-neutral-800">
                    Buka di Chrome (Android) atau Safari (iPhone), lalu masuk dengan tautan login atau kartu
                    login dari panitia (tanpa menunggu kode WhatsApp), atau dengan nomor WhatsApp. Pilih
                    &quot;Tambahkan ke layar utama&quot; agar aplikasi terbuka juga tanpa sinyal.
                  </p>
                  <p className="text-sm text-neutral-600">
                    Selalu pakai alamat ini: aplikasi dan nilai yang belum terkirim tersimpan di HP untuk
                    alamat ini saja.
                  </p>
                </AlamatQr>
              )}
            </div>
          </div>
        )}
      </QueryView>
    </section>
  );
}
