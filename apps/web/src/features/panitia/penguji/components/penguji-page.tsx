import { useQueryClient } from '@tanstack/react-query';
import { formatTanggalPendek, type PanitiaPenguji } from '@ukt/core';
import { useMemo, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { Spinner } from '../../../../components/ui/spinner';
import { showError, showSuccess } from '../../../../lib/dialogs';
import { useSession } from '../../../../lib/session';
import { useKegiatan } from '../../api/get-kegiatan';
import { usePenguji } from '../../api/get-penguji';
import { useWhatsapp } from '../../api/get-whatsapp';
import { confirmAction } from '../../components/confirm';
import { DownloadButton } from '../../components/download-button';
import { SelectField } from '../../components/field';
import { PagedTable } from '../../components/paged-table';
import { QueryView } from '../../components/query-view';
import { SearchBox } from '../../components/search-box';
import { Sheet } from '../../components/sheet';
import { useWide } from '../../components/use-wide';
import { useCreateTautan } from '../api/create-tautan';
import { downloadKartuLogin } from '../api/download-kartu-login';
import { useSetPengujiAktif } from '../api/set-penguji-aktif';
import { type KirimRun, KirimWa } from './kirim-wa';
import { pengujiColumns } from './penguji-columns';
import { PengujiForm } from './penguji-form';
import { TautanView } from './tautan-view';
import { TugasForm } from './tugas-form';

/** Why the console refuses an admin's own deactivation (the server says the same). */
const SENDIRI =
  'Anda tidak dapat menonaktifkan akun Anda sendiri. Minta admin panitia lain bila memang perlu.';

/**
 * /panitia/penguji: search, or the examiners of one event; add, edit, assign to events and posts,
 * deactivate, reactivate; a login link per examiner to copy, scan or send by WhatsApp; login cards;
 * last activity (DESIGN §9, docs/decisions/109).
 */
export function PengujiPage() {
  const [query, setQuery] = useState({ cari: '', hal: 1, idUkt: '' });
  const list = usePenguji(query);
  const sayaId = useSession().examiner?.id_pemilih;
  const wide = useWide();
  const semuaKegiatan = useKegiatan('semua');
  const namaKegiatan = useMemo(
    () => new Map((semuaKegiatan.data ?? []).map((k) => [k.id_ukt, k.nama_ukt] as const)),
    [semuaKegiatan.data],
  );
  const kegiatanOptions = (semuaKegiatan.data ?? [])
    .filter((k) => !k.arsip)
    .map((k) => ({
      value: k.id_ukt,
      label: `${k.nama_ukt} (${formatTanggalPendek(k.tanggal_tes, k.akhir_tes)})`,
    }));
  const [editing, setEditing] = useState<PanitiaPenguji | 'baru' | null>(null);
  const [tugasFor, setTugasFor] = useState<PanitiaPenguji | null>(null);
  const [linkFor, setLinkFor] = useState<PanitiaPenguji | null>(null);
  const tautan = useCreateTautan();
  const aktif = useSetPengujiAktif();
  const whatsapp = useWhatsapp();
  const [kirimRun, setKirimRun] = useState<KirimRun | null>(null);
  const client = useQueryClient();
  // Closing a send's result reads the list again: who signed in with the link since then shows so.
  const onKirimRun = (run: KirimRun | null) => {
    setKirimRun(run);
    if (!run) void client.invalidateQueries({ queryKey: ['panitia', 'penguji'] });
  };
  const waMap = useMemo(
    () => new Map((whatsapp.data?.penguji ?? []).map((w) => [String(w.id_pemilih), w] as const)),
    [whatsapp.data],
  );
  const openTautan = (p: PanitiaPenguji) => {
    setLinkFor(p);
    tautan.mutate(p.id_pemilih);
  };

  const columns = useMemo(
    () =>
      pengujiColumns({
        wide,
        sayaId,
        namaKegiatan,
        wa: waMap,
        onEdit: setEditing,
        onTugas: setTugasFor,
        onTautan: (p) => {
          setLinkFor(p);
          tautan.mutate(p.id_pemilih);
        },
        onAktif: async (p) => {
          if (p.aktif && p.id_pemilih === sayaId) return void showError(SENDIRI);
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
    [tautan.mutate, aktif.mutate, wide, sayaId, namaKegiatan, waMap],
  );

  return (
    <section className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-xl font-bold">Penguji</h1>
        <DownloadButton
          download={() => downloadKartuLogin(query.cari, query.idUkt)}
          label={
            query.idUkt
              ? 'PDF kartu login penguji kegiatan terpilih'
              : query.cari
                ? 'PDF kartu login penguji yang dicari'
                : 'PDF kartu login semua penguji aktif'
          }
        >
          PDF kartu login
        </DownloadButton>
        <Button onClick={() => setEditing('baru')}>+ Penguji baru</Button>
      </div>
      <div className="grid gap-3 md:grid-cols-[1fr_minmax(0,22rem)] md:items-end">
        <SearchBox
          value={query.cari}
          placeholder="Nama atau nomor WhatsApp"
          onSearch={(cari) => setQuery((q) => ({ ...q, cari, hal: 1 }))}
        />
        <SelectField
          label="Ditugaskan ke kegiatan"
          value={query.idUkt}
          empty="Semua penguji"
          options={kegiatanOptions}
          onValue={(idUkt) => setQuery((q) => ({ ...q, idUkt, hal: 1 }))}
        />
      </div>
      <p className="text-sm text-neutral-600">
        Kartu login yang belum dipakai dan masih berlaku lebih dari 12 jam dicetak ulang dengan QR yang sama,
        jadi kartu yang sudah dibagikan tetap bisa dipakai; yang lain mendapat QR baru. Kartu admin panitia
        tanpa QR (admin masuk dengan kode OTP).
      </p>
      {list.data && (
        <KirimWa
          shown={list.data.data}
          wa={whatsapp.data}
          waUpdatedAt={whatsapp.dataUpdatedAt}
          run={kirimRun}
          onRun={onKirimRun}
          onTautan={openTautan}
        />
      )}
      <QueryView
        query={list}
        isEmpty={(page) => page.data.length === 0}
        empty={
          query.idUkt
            ? 'Belum ada penguji yang ditugaskan ke kegiatan ini. Pilih "Atur tugas" pada baris penguji untuk menugaskan.'
            : query.cari
              ? `Tidak ada penguji yang cocok dengan "${query.cari}".`
              : 'Belum ada penguji.'
        }
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
      {tugasFor && (
        <Sheet title={`Tugas ${tugasFor.nama}`} onClose={() => setTugasFor(null)}>
          <TugasForm
            penguji={tugasFor}
            onDone={(message) => {
              setTugasFor(null);
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
