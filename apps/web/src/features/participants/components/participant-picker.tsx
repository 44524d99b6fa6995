import {
  type Examiner,
  isAdminPanitia,
  isKomponenKey,
  type KomponenKey,
  marksForPost,
  type Post,
  postFlagField,
  type SiswaRow,
} from '@ukt/core';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Icon } from '../../../components/ui/icon';
import { Notice } from '../../../components/ui/notice';
import { Pager } from '../../../components/ui/pager';
import { SearchInput } from '../../../components/ui/search-input';
import { Spinner } from '../../../components/ui/spinner';
import { useSiswaList } from '../api/get-siswa';
import { regionLoaders } from '../api/region-options';
import { useOptions } from '../hooks/use-options';
import { FilterBar, type Filters } from './filter-bar';
import { ParticipantRow } from './participant-row';
import { TodoFilter } from './todo-filter';

// The camera panel and its barcode reader load only when 'Pindai kartu' is tapped.
const ScanPanel = lazy(() => import('../scan/scan-panel'));

/** The 'Belum dinilai' choice: on or off, and for which exam (null: the post's first). */
interface Todo {
  on: boolean;
  ujian: KomponenKey | null;
}

// Kept for the tab's session: the examiner comes back to the list after every participant.
const TODO_KEY = 'belumDinilai';

function readTodo(): Todo {
  try {
    const saved = JSON.parse(sessionStorage.getItem(TODO_KEY) ?? 'null') as Todo | null;
    return { on: saved?.on === true, ujian: isKomponenKey(saved?.ujian) ? saved.ujian : null };
  } catch {
    return { on: false, ujian: null };
  }
}

function saveTodo(todo: Todo): void {
  try {
    sessionStorage.setItem(TODO_KEY, JSON.stringify(todo));
  } catch {
    // storage unavailable: the choice lasts while the list is open
  }
}

/** A camera outline for 'Pindai kartu'. */
const CAMERA =
  'M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1zM12 16a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7z';

/** '21 Nov 12.05' in the phone's locale: when the copy shown offline was fetched. */
function formatCacheTime(at: number): string {
  return new Date(at).toLocaleString('id-ID', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/**
 * The participant list: search, four filters, 'Belum dinilai', pages, 'Cek Baru', 'Pindai kartu',
 * rows with their to-do marks and 'Pilih' (SPEC §2, issue 13 items 3–4).
 */
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
  const marks = useMemo(() => marksForPost(post, examiner), [post, examiner]);
  const [todo, setTodo] = useState(readTodo);
  // The chosen exam stays while it belongs to the post; otherwise the post's first (J at TEKNIK).
  const ujian = todo.ujian && marks.some((m) => m.key === todo.ujian) ? todo.ujian : (marks[0]?.key ?? null);
  const belum = todo.on && ujian ? ujian : '';
  const [scanning, setScanning] = useState(false);

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

  // Offline, the options come from the regions of the phone's roster copy.
  const loaders = useMemo(() => regionLoaders(idUkt, examiner.id_pemilih), [idUkt, examiner.id_pemilih]);
  const options = {
    perwapus: useOptions(loaders.perwapus, null),
    cabang: useOptions(loaders.cabang, filters.id_perwapus),
    ranting: useOptions(loaders.ranting, filters.id_cabang),
    rayon: useOptions(loaders.rayon, filters.id_ranting),
  };
  const list = useSiswaList(
    { hal, nama, posUjian: post, id_ukt: idUkt, ...filters, belum_dinilai: belum },
    examiner.id_pemilih,
  );
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
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <SearchInput
            aria-label="Cari peserta"
            placeholder="Nama / no urut"
            value={typed}
            onValueChange={setTyped}
            className="h-11 rounded-xl border-2 border-neutral-300 bg-white px-3 outline-none focus:border-brand"
          />
        </div>
        <Button
          variant="secondary"
          className="shrink-0 px-3"
          aria-label="Pindai kartu"
          onClick={() => setScanning(true)}
          disabled={busyId !== null}
        >
          <Icon path={CAMERA} className="size-5" />
          Pindai
        </Button>
      </div>
      <FilterBar
        value={filters}
        locked={locked}
        options={options}
        onChange={(next) => {
          setFilters(next);
          setHal(1);
        }}
      />
      <TodoFilter
        marks={marks}
        on={todo.on}
        ujian={ujian ?? 'jurus'}
        onChange={(next) => {
          setTodo(next);
          saveTodo(next);
          setHal(1);
        }}
      />
      {error && <Notice tone="error">{error}</Notice>}
      {offlineAt !== null && (
        <Notice>
          <span data-testid="picker-offline">
            Offline: daftar dari HP, disimpan {formatCacheTime(offlineAt)}.
          </span>
        </Notice>
      )}
      {rows === null ? (
        <Spinner />
      ) : rows.length === 0 && !error ? (
        <Notice>{belum ? 'Semua peserta yang cocok sudah dinilai.' : 'Tidak ada peserta yang cocok.'}</Notice>
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
              marks={marks}
              onChoose={onChoose}
            />
          ))}
        </ul>
      )}
      {meta && meta.total_pages > 1 && <Pager hal={meta.hal} totalPages={meta.total_pages} onPage={setHal} />}
      {meta && <p className="text-center text-xs text-neutral-500">{meta.total} peserta</p>}
      {scanning && (
        <Suspense fallback={null}>
          <ScanPanel
            examiner={examiner}
            idUkt={idUkt}
            post={post}
            onClose={() => setScanning(false)}
            onTake={(row) => {
              setScanning(false);
              onChoose(row);
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
