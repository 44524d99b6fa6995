/**
 * What a backup holds and how it is restored (DESIGN §14): the archive carries secret.key, so it
 * must be kept as carefully as the server itself.
 */
export function CadanganInfo() {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section className="flex flex-col gap-2 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-black/5">
        <h2 className="text-base font-bold">Isi cadangan</h2>
        <ul className="list-disc space-y-1 pl-5 text-neutral-800">
          <li>Seluruh database: kegiatan, peserta, penguji, nilai, koreksi, pengesahan, dan audit.</li>
          <li>
            <span className="font-mono">secret.key</span>: kunci yang menandatangani QR kartu, piagam, dan
            token login.
          </li>
          <li>Foto penguji, logo, dan banner organisasi.</li>
          <li>Rekaman jawaban KESHAN.</li>
        </ul>
        <p className="text-neutral-600">
          Siapa pun yang memegang arsip tanpa kata sandi dapat membaca semuanya. Simpan di tempat aman, atau
          beri kata sandi.
        </p>
      </section>
      <section className="flex flex-col gap-2 rounded-2xl bg-white p-4 text-sm shadow-sm ring-1 ring-black/5">
        <h2 className="text-base font-bold">Memulihkan</h2>
        <p className="text-neutral-800">
          Di komputer server, dengan server berhenti, ke database dan folder data yang masih kosong (SQLite
          atau PostgreSQL, sama saja):
        </p>
        <pre className="overflow-x-auto rounded-xl bg-neutral-900 px-3 py-2 text-xs text-neutral-50">
          npm run ukt -- restore BERKAS
        </pre>
        <p className="text-neutral-800">
          Arsip berkata sandi: isi dulu <span className="font-mono">UKT_BACKUP_PASSPHRASE</span> dengan kata
          sandinya. Isi arsip diperiksa dulu; database yang sudah berisi tidak ditimpa kecuali dengan{' '}
          <span className="font-mono">--force</span>.
        </p>
        <p className="text-neutral-600">
          Langkah lengkap: panduan <span className="font-mono">docs/pasang-server.md</span> (bagian
          &quot;Cadangan dan pemulihan&quot;) atau <span className="font-mono">docs/pasang-venue.md</span>{' '}
          (bagian &quot;Cadangan&quot;).
        </p>
      </section>
    </div>
  );
}
