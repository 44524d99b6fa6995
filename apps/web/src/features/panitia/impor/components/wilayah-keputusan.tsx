import type { ImporKeputusan, ImporWilayah } from '@ukt/core';

const TINGKAT_LABEL: Record<ImporWilayah['tingkat'], string> = {
  perwapus: 'Perwapus',
  cabang: 'Cabang',
  ranting: 'Ranting',
  rayon: 'Rayon',
};

/** "baris 5" or "baris 5 dan 3 baris lain". */
const where = (w: ImporWilayah) =>
  w.jumlah_baris > 1 ? `baris ${w.baris} dan ${w.jumlah_baris - 1} baris lain` : `baris ${w.baris}`;

/** Whether every near miss of a preview has been decided. */
export function allDecided(wilayah: ImporWilayah[], decisions: ImporKeputusan): boolean {
  return wilayah.every((w) => w.mirip === null || decisions[w.kunci] !== undefined);
}

/**
 * The region names of a file that are not stored (docs/decisions/103): each near miss asks the
 * committee to use the stored region or create the new one; new regions are listed, so nothing
 * is created unseen.
 */
export function WilayahKeputusan({
  wilayah,
  decisions,
  onDecide,
}: {
  wilayah: ImporWilayah[];
  decisions: ImporKeputusan;
  onDecide: (kunci: string, pilihan: 'pakai' | 'baru') => void;
}) {
  const near = wilayah.filter((w) => w.mirip !== null);
  const fresh = wilayah.filter((w) => w.mirip === null);
  return (
    <div className="flex flex-col gap-4">
      {near.length > 0 && (
        <section aria-labelledby="impor-mirip" className="flex flex-col gap-2">
          <h2 id="impor-mirip" className="font-bold text-amber-900">
            Nama wilayah yang mirip ({near.length}): pilih satu untuk masing-masing
          </h2>
          <ul className="flex flex-col gap-2">
            {near.map((w) => (
              <li
                key={w.kunci}
                data-wilayah={w.nama}
                className="flex flex-col gap-2 rounded-2xl bg-amber-50 p-3 text-sm ring-1 ring-amber-200"
              >
                <p>
                  {TINGKAT_LABEL[w.tingkat]} <span className="font-semibold">“{w.nama}”</span> →{' '}
                  <span className="font-semibold">{w.mirip}</span>?
                  <span className="block text-xs text-neutral-600">
                    {where(w)}
                    {w.induk.length > 0 && ` · di bawah ${w.induk.join(' › ')}`}
                  </span>
                </p>
                <fieldset className="flex flex-wrap gap-2">
                  <legend className="sr-only">
                    {TINGKAT_LABEL[w.tingkat]} {w.nama}
                  </legend>
                  {(
                    [
                      ['pakai', `Pakai yang ada: ${w.mirip}`],
                      ['baru', `Buat baru: ${w.nama}`],
                    ] as const
                  ).map(([pilihan, label]) => (
                    <label
                      key={pilihan}
                      className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl bg-white px-3 py-2 ring-1 ring-black/10 has-[:checked]:ring-2 has-[:checked]:ring-brand"
                    >
                      <input
                        type="radio"
                        name={`wilayah-${w.kunci}`}
                        checked={decisions[w.kunci] === pilihan}
                        onChange={() => onDecide(w.kunci, pilihan)}
                      />
                      {label}
                    </label>
                  ))}
                </fieldset>
              </li>
            ))}
          </ul>
        </section>
      )}
      {fresh.length > 0 && (
        <section aria-labelledby="impor-wilayah-baru" className="flex flex-col gap-2">
          <h2 id="impor-wilayah-baru" className="font-bold">
            Wilayah baru yang akan dibuat ({fresh.length})
          </h2>
          <ul className="flex flex-col gap-1 rounded-2xl bg-white p-3 text-sm ring-1 ring-black/5">
            {fresh.map((w) => (
              <li key={w.kunci} data-wilayah-baru={w.nama}>
                {TINGKAT_LABEL[w.tingkat]} <span className="font-semibold">{w.nama}</span>
                <span className="text-neutral-600">
                  {w.induk.length > 0 && ` di bawah ${w.induk.join(' › ')}`} ({where(w)})
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
