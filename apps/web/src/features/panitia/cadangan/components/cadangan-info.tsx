import { Perintah, UntukPetugasIt } from '../../components/untuk-petugas-it';

/**
 * What a backup holds and how it is restored (DESIGN §14), in the committee's words: the archive
 * carries the app's signing key, so it must be kept as carefully as the server itself. The restore
 * command and its settings are folded away for the person who runs the server.
 */
export function CadanganInfo() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section className="flex flex-col gap-2 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-black/5">
        <h2 className="text-base font-bold">Isi cadangan</h2>
        <ul className="list-disc space-y-1 pl-5 text-neutral-800">
          <li>Semua data: kegiatan, peserta, penguji, nilai, koreksi, pengesahan, dan catatan audit.</li>
          <li>Kunci tanda tangan aplikasi, yang mengesahkan QR kartu peserta, piagam, dan tautan login.</li>
          <li>Foto penguji, logo, dan banner organisasi.</li>
          <li>Rekaman jawaban KESHAN.</li>
          <li>Sertifikat https venue (bila ada), agar HP penguji tetap percaya pada laptop pengganti.</li>
        </ul>
        <p className="text-neutral-600">
          Siapa pun yang memegang arsip tanpa kata sandi dapat membaca semuanya. Simpan di tempat aman, atau
          beri kata sandi.
        </p>
      </section>
      <section className="flex flex-col gap-2 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-black/5">
        <h2 className="text-base font-bold">Memulihkan</h2>
        <p className="text-neutral-800">
          Bila laptop atau server rusak atau hilang, petugas IT memulihkan cadangan terakhir ke komputer
          pengganti. Semua data kembali seperti saat cadangan dibuat, dan HP penguji dapat langsung
          melanjutkan. Cadangan berkata sandi hanya dapat dipulihkan dengan kata sandinya.
        </p>
        <UntukPetugasIt>
          <p>
            Di komputer server, dengan server berhenti, ke database dan folder data yang masih kosong (SQLite
            atau PostgreSQL, sama saja):
          </p>
          <Perintah>npm run ukt -- restore BERKAS</Perintah>
          <p>
            Arsip berkata sandi: isi dulu <span className="font-mono">UKT_BACKUP_PASSPHRASE</span> dengan kata
            sandinya. Isi arsip diperiksa dulu; database yang sudah berisi tidak ditimpa kecuali dengan{' '}
            <span className="font-mono">--force</span>.
          </p>
          <p>
            Langkah lengkap: panduan <span className="font-mono">docs/pasang-server.md</span> (bagian
            &quot;Cadangan dan pemulihan&quot;) atau <span className="font-mono">docs/pasang-venue.md</span>{' '}
            (bagian &quot;Cadangan&quot;).
          </p>
        </UntukPetugasIt>
      </section>
    </div>
  );
}
