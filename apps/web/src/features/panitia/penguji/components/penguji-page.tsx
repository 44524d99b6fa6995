import type { PanitiaPenguji } from '@ukt/core';
import { useMemo, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { Spinner } from '../../../../components/ui/spinner';
import { showError, showSuccess } from '../../../../lib/dialogs';
import { confirmAction } from '../../components/confirm';
import { DownloadButton } from '../../components/download-button';
import { PagedTable } from '../../components/paged-table';
import { QueryView } from '../../components/query-view';
import { SearchBox } from '../../components/search-box';
import { Sheet } from '../../components/sheet';
import { useCreateTautan } from '../api/create-tautan';
import { downloadKartuLogin } from '../api/download-kartu-login';
import { usePenguji } from '../api/get-penguji';
import { useSetPengujiAktif } from '../api/set-penguji-aktif';
import { pengujiColumns } from './penguji-columns';
import { PengujiForm } from './penguji-form';
import { TautanView } from './tautan-view';

/**
 * /panitia/penguji: search; add, edit, deactivate, reactivate; a login link per examiner to copy,
 * scan or send by WhatsApp; last activity (DESIGN §9).
 */
export function PengujiPage() {
  const [query, setQuery] = useState({ cari: '', hal: 1 });
  const list = usePenguji(query);
  const [editing, setEditing] = useState<PanitiaPenguji | 'baru' | null>(null);
  const [linkFor, setLinkFor] = useState<PanitiaPenguji | null>(null);
  const tautan = useCreateTautan();
  const aktif = useSetPengujiAktif();

  const columns = useMemo(
    () =>
      pengujiColumns({
        onEdit: setEditing,
        onTautan: (p) => {
          setLinkFor(p);
          tautan.mutate(p.id_pemilih);
        },
        onAktif: async (p) => {
          if (p.aktif) {
            const sure = await confirmAction(
              'Nonaktifkan penguji?',
              `${p.nama} langsung keluar dari semua HP dan tidak bisa login sampai diaktifkan lagi. Nilai yang sudah masuk tetap tersimpan.`,
              'Ya, nonaktifkan',
            );
            if (!sure) return;
          }
          aktif.mutate(
            { idPemilih: p.id_pemilih, aktif: !p.aktif },
            { onSuccess: (message) => void showSuccess(message), onError: (e) => void showError(e.message) },
          );
        },
      }),
    [tautan.mutate, aktif.mutate],
  );

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-xl font-bold">Penguji</h1>
        <DownloadButton
          download={() => downloadKartuLogin(query.cari)}
          label={query.cari ? 'PDF kartu login penguji yang dicari' : 'PDF kartu login semua penguji aktif'}
        >
          PDF kartu login
        </DownloadButton>
        <Button onClick={() => setEditing('baru')}>+ Penguji baru</Button>
      </div>
      <SearchBox
        value={query.cari}
        placeholder="Nama atau nomor WhatsApp"
        onSearch={(cari) => setQuery({ cari, hal: 1 })}
      />
      <QueryView
        query={list}
        isEmpty={(page) => page.data.length === 0}
        empty={query.cari ? `Tidak ada penguji yang cocok dengan "${query.cari}".` : 'Belum ada penguji.'}
      >
        {(page) => (
          <PagedTable
            label="Daftar penguji"
            columns={columns}
            getRowId={(p) => p.id_pemilih}
            rowAttributes={(p) => ({
              'data-id-pemilih': p.id_pemilih,
              className: p.aktif ? '' : 'bg-neutral-50',
            })}
            page={page}
            noun="penguji"
            onPage={(hal) => setQuery((q) => ({ ...q, hal }))}
          />
        )}
      </QueryView>

      {editing && (
        <Sheet title={editing === 'baru' ? 'Penguji baru' : 'Ubah penguji'} onClose={() => setEditing(null)}>
          <PengujiForm
            penguji={editing === 'baru' ? null : editing}
            onDone={(message) => {
              setEditing(null);
              void showSuccess(message);
            }}
          />
        </Sheet>
      )}
      {linkFor && (
        <Sheet title="Tautan login" onClose={() => setLinkFor(null)}>
          {tautan.isPending && <Spinner label="Membuat tautan…" />}
          {tautan.isError && <Notice tone="error">{tautan.error.message}</Notice>}
          {tautan.data && <TautanView tautan={tautan.data} nama={linkFor.nama} />}
        </Sheet>
      )}
    </section>
  );
}
