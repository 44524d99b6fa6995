import { httpsAddress } from './insecure-origin';

/**
 * What a phone sees first on a plain-http address (DESIGN §14): what is wrong and what to do,
 * never a spinner. Going on without HTTPS stays possible, and a take or a score typed then is
 * still stored on the phone first.
 */
export function InsecureOriginPage({ onContinue }: { onContinue: () => void }) {
  const https = httpsAddress(window.location);
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-5 p-6 text-neutral-900">
      <img src="/logo.svg" alt="" width={64} height={64} className="mx-auto h-16 w-16" />
      <h1 className="text-center text-xl font-bold">Buka aplikasi lewat alamat https://</h1>
      <p>
        Alamat <strong className="break-all">{window.location.host}</strong> dibuka tanpa HTTPS. Di alamat
        seperti ini HP tidak mengizinkan kamera (Pindai kartu), kunci aplikasi, dan membuka aplikasi saat
        sinyal hilang.
      </p>
      <section
        aria-labelledby="apa-yang-dilakukan"
        className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-neutral-200"
      >
        <h2 id="apa-yang-dilakukan" className="mb-2 font-semibold">
          Yang perlu dilakukan
        </h2>
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          <li>
            Buka alamat yang diawali <strong>https://</strong>
            {https && (
              <>
                , misalnya{' '}
                <a href={https} className="font-semibold break-words text-blue-700 underline">
                  {https}
                </a>
              </>
            )}
            .
          </li>
          <li>
            Bila belum bisa, tanyakan alamat yang benar kepada panitia. Panitia dapat menampilkan QR alamat
            dan sertifikat di menu <strong>Panitia → Sambungkan HP</strong>.
          </li>
        </ol>
      </section>
      <button
        type="button"
        onClick={onContinue}
        className="min-h-11 rounded-xl px-4 text-sm font-semibold text-neutral-700 underline ring-1 ring-neutral-300"
      >
        Lanjutkan tanpa HTTPS (tidak disarankan)
      </button>
    </main>
  );
}

/** The bar that stays on top while the examiner works over plain http. */
export function InsecureOriginBar() {
  return (
    <div role="status" className="bg-amber-100 px-3 py-1.5 text-center text-xs font-medium text-amber-900">
      Tanpa HTTPS: kamera, kunci aplikasi dan buka tanpa sinyal tidak tersedia. Minta alamat https:// kepada
      panitia.
    </div>
  );
}
