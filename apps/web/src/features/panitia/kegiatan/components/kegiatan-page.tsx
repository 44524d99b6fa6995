import type { PanitiaKegiatan } from '@ukt/core';
import { useMemo, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { showError, showSuccess } from '../../../../lib/dialogs';
import { type ArsipFilter, useKegiatan } from '../../api/get-kegiatan';
import { AturanSheet } from '../../aturan/components/aturan-sheet';
import { confirmAction } from '../../components/confirm';
import { DataTable } from '../../components/data-table';
import { SelectField } from '../../components/field';
import { QueryView } from '../../components/query-view';
import { SearchBox } from '../../components/search-box';
import { Sheet } from '../../components/sheet';
import { MulaiPanel } from '../../mulai/components/mulai-panel';
import { useArsipKegiatan } from '../api/arsip-kegiatan';
import { kegiatanColumns } from './kegiatan-columns';
import { KegiatanForm } from './kegiatan-form';

const URUTAN = [
  { value: 'baru', label: 'Terbaru dulu' },
  { value: 'nama', label: 'Nama (A–Z)' },
  { value: 'tanggal', label: 'Tanggal tes terdekat dulu' },
] as const;
type Urutan = (typeof URUTAN)[number]['value'];

/** The events whose names contain the search text, in the chosen order (the server's is newest first). */
function tampilkan(rows: PanitiaKegiatan[], cari: string, urut: Urutan): PanitiaKegiatan[] {
  const text = cari.toLowerCase();
  const found = text
    ? rows.filter((k) => `${k.nama_ukt} ${k.nama_kegiatan}`.toLowerCase().includes(text))
    : [...rows];
  if (urut === 'nama') found.sort((a, b) => a.nama_ukt.localeCompare(b.nama_ukt, 'id'));
  if (urut === 'tanggal') found.sort((a, b) => a.tanggal_tes.localeCompare(b.tanggal_tes));
  return found;
}

/** /panitia/kegiatan: the events with their counts; search, order; create, edit, archive (DESIGN §9). */
export function KegiatanPage() {
  const [showArsip, setShowArsip] = useState(false);
  const arsipFilter: ArsipFilter = showArsip ? 'semua' : '0';
  const query = useKegiatan(arsipFilter);
  // null: no form; 'baru': a new event; else the event being edited.
  const [editing, setEditing] = useState<PanitiaKegiatan | 'baru' | null>(null);
  const arsip = useArsipKegiatan();
  const [aturan, setAturan] = useState<PanitiaKegiatan | null>(null);
  const [cari, setCari] = useState('');
  const [urut, setUrut] = useState<Urutan>('baru');
  const rows = useMemo(() => tampilkan(query.data ?? [], cari, urut), [query.data, cari, urut]);

  const columns = useMemo(
    () =>
      kegiatanColumns({
        onEdit: setEditing,
        onAturan: setAturan,
        onArsip: async (k: PanitiaKegiatan) => {
          const archiving = !k.arsip;
          const sure = await confirmAction(
            archiving ? 'Arsipkan kegiatan?' : 'Pulihkan kegiatan?',
            archiving
              ? `"${k.nama_ukt}" tidak lagi tampil di daftar kegiatan penguji. Datanya tetap tersimpan.`
              : `"${k.nama_ukt}" tampil lagi di daftar kegiatan penguji.`,
            archiving ? 'Ya, arsipkan' : 'Ya, pulihkan',
          );
          if (!sure) return;
          arsip.mutate(
            { idUkt: k.id_ukt, arsip: archiving },
            {
              onSuccess: () => void showSuccess(archiving ? 'Kegiatan diarsipkan.' : 'Kegiatan dipulihkan.'),
              onError: (error) => void showError(error.message),
            },
          );
        },
      }),
    [arsip.mutate],
  );

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-xl font-bold">Kegiatan</h1>
        <Button onClick={() => setEditing('baru')}>+ Kegiatan baru</Button>
      </div>
      <MulaiPanel onBuatKegiatan={() => setEditing('baru')} />
      <div className="grid gap-2 md:grid-cols-[1fr_16rem] md:items-end">
        <SearchBox value={cari} onSearch={setCari} placeholder="Cari nama kegiatan" label="Cari kegiatan" />
        <SelectField
          label="Urutkan"
          value={urut}
          options={URUTAN}
          onValue={(value) => setUrut(value as Urutan)}
        />
      </div>
      <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
        <input
          type="checkbox"
          checked={showArsip}
          onChange={(e) => setShowArsip(e.target.checked)}
          className="size-5 accent-brand"
        />
        Tampilkan kegiatan yang diarsipkan
      </label>
      <QueryView
        query={query}
        isEmpty={(rows) => rows.length === 0}
        empty="Belum ada kegiatan. Buat baru atau impor."
      >
        {() =>
          rows.length === 0 ? (
            <Notice>Tidak ada kegiatan yang cocok dengan pencarian ini.</Notice>
          ) : (
            <DataTable
              label="Daftar kegiatan"
              data={rows}
              columns={columns}
              getRowId={(k) => k.id_ukt}
              rowAttributes={(k) => ({ 'data-id-ukt': k.id_ukt, className: k.arsip ? 'opacity-60' : '' })}
            />
          )
        }
      </QueryView>
      {editing && (
        <Sheet
          title={editing === 'baru' ? 'Kegiatan baru' : 'Ubah kegiatan'}
          onClose={() => setEditing(null)}
        >
          <KegiatanForm
            kegiatan={editing === 'baru' ? null : editing}
            onDone={(message) => {
              setEditing(null);
              void showSuccess(message);
            }}
          />
        </Sheet>
      )}
      {aturan && (
        <AturanSheet
          idUkt={aturan.id_ukt}
          disahkan={aturan.disahkan}
          onClose={() => setAturan(null)}
          onDone={(message) => {
            setAturan(null);
            void showSuccess(message);
          }}
        />
      )}
    </section>
  );
}
