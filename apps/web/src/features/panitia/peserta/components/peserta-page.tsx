import type { PanitiaPeserta } from '@ukt/core';
import { useMemo, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Notice } from '../../../../components/ui/notice';
import { showError, showSuccess } from '../../../../lib/dialogs';
import { confirmAction } from '../../components/confirm';
import { DownloadButton } from '../../components/download-button';
import { SelectField } from '../../components/field';
import { FoldingFilters } from '../../components/folding-filters';
import { KegiatanSelect, useKegiatanParam } from '../../components/kegiatan-select';
import { PagedTable } from '../../components/paged-table';
import { QueryView } from '../../components/query-view';
import { NO_REGION, type Region, RegionSelects } from '../../components/region-selects';
import { SearchBox } from '../../components/search-box';
import { Sheet } from '../../components/sheet';
import { downloadKartuPeserta } from '../api/download-kartu-peserta';
import { type PesertaQuery, usePeserta } from '../api/get-peserta';
import { useLepasPeserta } from '../api/lepas-peserta';
import { useSetMundur } from '../api/set-mundur';
import { pesertaColumns } from './peserta-columns';
import { PesertaForm } from './peserta-form';

const STATUS_OPTIONS = [
  { value: 'semua', label: 'Semua' },
  { value: 'aktif', label: 'Aktif' },
  { value: 'mundur', label: 'Mundur' },
] as const;

/** What a participant write shows when it ends: the server's message, or why it failed. */
const DONE = {
  onSuccess: (message: string) => void showSuccess(message),
  onError: (error: Error) => void showError(error.message),
};

const FIRST_PAGE: PesertaQuery = { cari: '', ...NO_REGION, status: 'semua', hal: 1 };

/**
 * /panitia/peserta?ukt=ID: an event's participants: search, region and status filters, who holds
 * each at which post; add, edit, withdraw (mundur), release at a post (DESIGN §9).
 */
export function PesertaPage() {
  const [idUkt, setIdUkt] = useKegiatanParam();
  const [query, setQuery] = useState<PesertaQuery>(FIRST_PAGE);
  const list = usePeserta(idUkt, query);
  const [editing, setEditing] = useState<PanitiaPeserta | 'baru' | null>(null);
  const mundur = useSetMundur(idUkt);
  // On a phone the filters fold away so the list starts on the first screen.
  const lepas = useLepasPeserta(idUkt);

  const filter = (patch: Partial<PesertaQuery>) => setQuery((q) => ({ ...q, ...patch, hal: 1 }));
  const region: Region = {
    id_perwapus: query.id_perwapus,
    id_cabang: query.id_cabang,
    id_ranting: query.id_ranting,
    id_rayon: query.id_rayon,
  };

  const active =
    [query.id_perwapus, query.id_cabang, query.id_ranting, query.id_rayon].filter(Boolean).length +
    (query.status === 'semua' ? 0 : 1);

  const columns = useMemo(
    () =>
      pesertaColumns({
        onEdit: setEditing,
        onMundur: async (p) => {
          if (!p.mundur) {
            const sure = await confirmAction(
              'Peserta mundur?',
              `${p.nama} (no ${p.no_urut}) tidak muncul lagi di daftar penguji. Nilainya tetap tersimpan.`,
              'Ya, mundur',
            );
            if (!sure) return;
          }
          mundur.mutate({ idSiswa: p.id_siswa, mundur: !p.mundur }, DONE);
        },
        onLepas: async (p, pos, posNama) => {
          const holder = p.pos[pos]?.nama ?? 'penguji';
          const sure = await confirmAction(
            `Lepas di pos ${posNama}?`,
            `${p.nama} dilepas dari ${holder}, lalu penguji mana pun di pos ${posNama} dapat mengambilnya. Nilai yang sudah tersimpan tidak berubah.`,
            'Ya, lepas',
          );
          if (sure) lepas.mutate({ idSiswa: p.id_siswa, pos }, DONE);
        },
      }),
    [mundur.mutate, lepas.mutate],
  );

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-xl font-bold">Peserta</h1>
        <DownloadButton
          download={() => downloadKartuPeserta(idUkt, query.id_ranting)}
          disabled={!idUkt}
          label={query.id_ranting ? 'PDF kartu peserta ranting terpilih' : 'PDF kartu peserta'}
        >
          PDF kartu peserta
        </DownloadButton>
        <Button disabled={!idUkt} onClick={() => setEditing('baru')}>
          + Peserta baru
        </Button>
      </div>
      <Card className="flex flex-col gap-3">
        <KegiatanSelect
          value={idUkt}
          onValue={(ukt) => {
            setIdUkt(ukt);
            setQuery(FIRST_PAGE);
          }}
        />
        {idUkt && (
          <>
            <SearchBox
              key={idUkt}
              value={query.cari}
              placeholder="Nama atau no urut"
              onSearch={(cari) => filter({ cari })}
            />
            <FoldingFilters label="Filter wilayah dan status" active={active}>
              <div className="grid grid-cols-2 gap-2 lg:grid-cols-5">
                <RegionSelects levels={4} value={region} onChange={(r) => filter(r)} empty="Semua" />
                <SelectField
                  label="Status"
                  value={query.status}
                  options={STATUS_OPTIONS}
                  onValue={(status) => filter({ status: status as PesertaQuery['status'] })}
                />
              </div>
            </FoldingFilters>
          </>
        )}
      </Card>

      {!idUkt ? (
        <Notice>Pilih kegiatan untuk melihat pesertanya.</Notice>
      ) : (
        <QueryView
          query={list}
          isEmpty={(page) => page.data.length === 0}
          empty={
            query.cari || query.id_perwapus || query.status !== 'semua'
              ? 'Tidak ada peserta yang cocok dengan pencarian ini.'
              : 'Kegiatan ini belum punya peserta. Tambah satu atau impor dari file.'
          }
        >
          {(page) => (
            <PagedTable
              label="Daftar peserta"
              columns={columns}
              getRowId={(p) => p.id_siswa}
              rowAttributes={(p) => ({
                'data-id-siswa': p.id_siswa,
                className: p.mundur ? 'opacity-60' : '',
              })}
              page={page}
              noun="peserta"
              onPage={(hal) => setQuery((q) => ({ ...q, hal }))}
            />
          )}
        </QueryView>
      )}

      {editing && idUkt && (
        <Sheet title={editing === 'baru' ? 'Peserta baru' : 'Ubah peserta'} onClose={() => setEditing(null)}>
          <PesertaForm
            idUkt={idUkt}
            peserta={editing === 'baru' ? null : editing}
            onDone={(message) => {
              setEditing(null);
              void showSuccess(message);
            }}
          />
        </Sheet>
      )}
    </section>
  );
}
