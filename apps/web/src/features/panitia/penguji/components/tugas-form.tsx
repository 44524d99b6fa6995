import { formatTanggalPendek, type PanitiaPenguji, POSTS } from '@ukt/core';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { Spinner } from '../../../../components/ui/spinner';
import { useKegiatan } from '../../api/get-kegiatan';
import { useSaveTugas } from '../api/save-tugas';

/** Chosen events: event id → posts (empty: every post). */
type Pilihan = Map<string, number[]>;

/**
 * The events an examiner works at, and optionally the posts at each (docs/decisions/109). With
 * no event ticked they see every event on the phone, as before assignments existed.
 */
export function TugasForm({
  penguji,
  onDone,
}: {
  penguji: PanitiaPenguji;
  onDone: (message: string) => void;
}) {
  const kegiatan = useKegiatan('0');
  const [pilihan, setPilihan] = useState<Pilihan>(() => new Map(penguji.tugas.map((t) => [t.id_ukt, t.pos])));
  const save = useSaveTugas();

  const toggleEvent = (idUkt: string, on: boolean) =>
    setPilihan((p) => {
      const next = new Map(p);
      if (on) next.set(idUkt, []);
      else next.delete(idUkt);
      return next;
    });
  const togglePos = (idUkt: string, pos: number, on: boolean) =>
    setPilihan((p) => {
      const next = new Map(p);
      const now = next.get(idUkt) ?? [];
      next.set(idUkt, on ? [...now, pos].sort((a, b) => a - b) : now.filter((x) => x !== pos));
      return next;
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const tugas = [...pilihan].map(([id_ukt, pos]) => ({ id_ukt: Number(id_ukt), pos }));
    save.mutate({ idPemilih: penguji.id_pemilih, body: { tugas } }, { onSuccess: onDone });
  };

  // Events assigned but archived since stay in the assignment (and out of the phone's list).
  const archived = [...pilihan.keys()].filter((id) => !(kegiatan.data ?? []).some((k) => k.id_ukt === id));

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-neutral-700">
        Centang kegiatan tempat <span className="font-semibold">{penguji.nama}</span> menguji. Tanpa pos yang
        dicentang ia boleh di semua pos. Bila tidak ada kegiatan yang dicentang, ia melihat semua kegiatan.
      </p>
      {kegiatan.isPending && <Spinner label="Memuat kegiatan…" />}
      {kegiatan.isError && <Notice tone="error">{kegiatan.error.message}</Notice>}
      {kegiatan.data?.length === 0 && (
        <Notice>Belum ada kegiatan. Buat kegiatan dulu di halaman Kegiatan.</Notice>
      )}
      <ul className="flex flex-col gap-2" aria-label="Kegiatan">
        {(kegiatan.data ?? []).map((k) => {
          const pos = pilihan.get(k.id_ukt);
          const nama = `${k.nama_ukt}${k.nama_kegiatan ? ` – ${k.nama_kegiatan}` : ''}`;
          return (
            <li
              key={k.id_ukt}
              data-id-ukt={k.id_ukt}
              className={`rounded-xl p-3 ring-1 ${pos ? 'bg-brand/5 ring-brand/40' : 'ring-neutral-200'}`}
            >
              <label className="flex min-h-10 items-center gap-3">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-brand"
                  checked={pos !== undefined}
                  onChange={(e) => toggleEvent(k.id_ukt, e.target.checked)}
                />
                <span className="flex min-w-0 flex-col">
                  <span className="font-semibold">{nama}</span>
                  <span className="text-xs text-neutral-600">
                    {formatTanggalPendek(k.tanggal_tes, k.akhir_tes)}
                  </span>
                </span>
              </label>
              {pos && (
                <fieldset className="mt-2 flex flex-col gap-1 pl-8">
                  <legend className="text-xs text-neutral-600">
                    Pos ({pos.length ? `${pos.length} dipilih` : 'semua pos'})
                  </legend>
                  <div className="flex flex-wrap gap-x-4 gap-y-1">
                    {POSTS.map((p) => (
                      <label key={p.id} className="flex min-h-10 items-center gap-2 text-sm">
                        <input
                          type="checkbox"
                          className="size-5 accent-brand"
                          aria-label={`Pos ${p.nama} di ${nama}`}
                          checked={pos.includes(p.id)}
                          onChange={(e) => togglePos(k.id_ukt, p.id, e.target.checked)}
                        />
                        {p.nama}
                      </label>
                    ))}
                  </div>
                </fieldset>
              )}
            </li>
          );
        })}
      </ul>
      {kegiatan.data && archived.length > 0 && (
        <Notice>
          {archived.length} kegiatan yang diarsipkan tetap tercatat sebagai tugasnya (tidak tampil di HP).
        </Notice>
      )}
      {save.isError && <Notice tone="error">{save.error.message}</Notice>}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" disabled={save.isPending} className="h-12 flex-1 text-base">
          {save.isPending ? 'Menyimpan…' : 'Simpan tugas'}
        </Button>
        {pilihan.size > 0 && (
          <Button type="button" variant="secondary" className="h-12" onClick={() => setPilihan(new Map())}>
            Kosongkan (semua kegiatan)
          </Button>
        )}
      </div>
    </form>
  );
}
