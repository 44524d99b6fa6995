import type { PanitiaKegiatan } from '@ukt/core';
import { useMemo, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { showError, showSuccess } from '../../../../lib/dialogs';
import { type ArsipFilter, useKegiatan } from '../../api/get-kegiatan';
import { confirmAction } from '../../components/confirm';
import { DataTable } from '../../components/data-table';
import { QueryView } from '../../components/query-view';
import { Sheet } from '../../components/sheet';
import { AturanSheet } from '../../rekap/components/aturan-sheet';
import { useArsipKegiatan } from '../api/arsip-kegiatan';
import { kegiatanColumns } from './kegiatan-columns';
import { KegiatanForm } from './kegiatan-form';

/** /panitia/kegiatan: the events with their counts; create, edit, archive (DESIGN §9). */
export function KegiatanPage() {
  const [showArsip, setShowArsip] = useState(false);
  const arsipFilter: ArsipFilter = showArsip ? 'semua' : '0';
  const query = useKegiatan(arsipFilter);
  // null: no form; 'baru': a new event; else the event being edited.
  const [editing, setEditing] = useState<PanitiaKegiatan | 'baru' | null>(null);
  const arsip = useArsipKegiatan();
  const [aturan, setAturan] = useState<PanitiaKegiatan | null>(null);

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
        {(rows) => (
          <DataTable
            label="Daftar kegiatan"
            data={rows}
            columns={columns}
            getRowId={(k) => k.id_ukt}
            rowAttributes={(k) => ({ 'data-id-ukt': k.id_ukt, className: k.arsip ? 'opacity-60' : '' })}
          />
        )}
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
