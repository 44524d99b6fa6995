import { type Examiner, isAdminPanitia, type Post, postFlagField, type SiswaRow } from '@ukt/core';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Notice } from '../../../components/ui/notice';
import { Pager } from '../../../components/ui/pager';
import { Spinner } from '../../../components/ui/spinner';
import { getCabang } from '../api/get-cabang';
import { getPerwapus } from '../api/get-perwapus';
import { getRanting } from '../api/get-ranting';
import { getRayon } from '../api/get-rayon';
import { useSiswaList } from '../api/get-siswa';
import { useOptions } from '../hooks/use-options';
import { FilterBar, type Filters } from './filter-bar';
import { ParticipantRow } from './participant-row';

/** '21 Nov 12.05' in the phone's locale: when the copy shown offline was fetched. */
function formatCacheTime(at: number): string {
  return new Date(at).toLocaleString('id-ID', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

// useOptions hands every loader its parent id; perwapus has none.
const loadPerwapus = (_parent: string, signal: AbortSignal) => getPerwapus(signal);

/** The participant list: search, four filters, pages, 'Cek Baru', rows with 'Pilih' (SPEC §2). */
export function ParticipantPicker({
  examiner,
  post,
  idUkt,
  busyId,
  onChoose,
  pendingIds,
}: {
  examiner: Examiner;
  post: Post;
  idUkt: number;
  busyId: string | null;
  onChoose: (row: SiswaRow) => void;
  /** Participants with writes waiting on this phone ('tersimpan di HP'). */
  pendingIds: ReadonlySet<string>;
}) {
  const locked = !isAdminPanitia(examiner.panitia);
  const [filters, setFilters] = useState<Filters>(() => ({
    id_perwapus: locked ? examiner.id_perwapus : '',
    id_cabang: locked ? examiner.id_cabang : '',
    id_ranting: '',
    id_rayon: '',
  }));
  const [typed, setTyped] = useState('');
  const [nama, setNama] = useState('');
  const [hal, setHal] = useState(1);

  // Searching waits for a pause in typing so each key press is not a request on slow data. Only a
  // changed search goes back to page 1: on mount this must not undo a quick tap on the next page.
  useEffect(() => {
    const next = typed.trim();
    if (next === nama) return;
    const id = window.setTimeout(() => {
      setNama(next);
      setHal(1);
    }, 300);
    return () => window.clearTimeout(id);
  }, [typed, nama]);

  const options = {
    perwapus: useOptions(loadPerwapus, null),
    cabang: useOptions(getCabang, filters.id_perwapus),
    ranting: useOptions(getRanting, filters.id_cabang),
    rayon: useOptions(getRayon, filters.id_ranting),
  };
  const list = useSiswaList({ hal, nama, posUjian: post, id_ukt: idUkt, ...filters }, examiner.id_pemilih);
  // A failed page shows its message over an empty list; 'Cek Baru' takes the message away while it reloads.
  const error = list.isError && !list.isFetching ? list.error.message : null;
  const page = list.isError ? null : list.data;
  const rows = list.isError ? [] : (page?.rows ?? null);
  const meta = page?.meta ?? null;
  const offlineAt = page?.offlineAt ?? null;
  const loading = list.isFetching;
  const flag = postFlagField(post);

  return (
    <Card className="flex flex-col gap-3 p-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-bold">Pilih Peserta</h2>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          Cek Baru
        </Button>
      </div>
      <input
        type="search"
        aria-label="Cari peserta"
        placeholder="Cari nama atau nomor urut"
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        className="h-11 rounded-xl border-2 border-neutral-300 bg-white px-3 outline-none focus:border-brand"
      />
      <FilterBar
        value={filters}
        locked={locked}
        options={options}
        onChange={(next) => {
          setFilters(next);
          setHal(1);
        }}
      />
      {error && <Notice tone="error">{error}</Notice>}
      {offlineAt !== null && (
        <Notice>
          <span data-testid="picker-offline">
            Offline: daftar dari HP, disimpan {formatCacheTime(offlineAt)}. Filter ranting/rayon butuh sinyal.
          </span>
        </Notice>
      )}
      {rows === null ? (
        <Spinner />
      ) : rows.length === 0 && !error ? (
        <Notice>Tidak ada peserta yang cocok.</Notice>
      ) : (
        <ul
          aria-label="Daftar peserta"
          aria-busy={loading}
          className={`-mx-3 divide-y divide-neutral-100 border-y border-neutral-100 ${loading ? 'opacity-60' : ''}`}
        >
          {rows.map((row) => (
            <ParticipantRow
              key={row.id_siswa}
              row={row}
              taken={row[flag] !== null && row[flag] !== undefined && row[flag] !== ''}
              busy={busyId !== null}
              pending={pendingIds.has(row.id_siswa)}
              onChoose={onChoose}
            />
          ))}
        </ul>
      )}
      {meta && meta.total_pages > 1 && <Pager hal={meta.hal} totalPages={meta.total_pages} onPage={setHal} />}
      {meta && <p className="text-center text-xs text-neutral-500">{meta.total} peserta</p>}
    </Card>
  );
}
