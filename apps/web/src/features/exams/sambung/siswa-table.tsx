import type { SiswaRow } from '@ukt/core';
import { useEffect, useState } from 'react';
import { SearchInput } from '../../../components/ui/search-input';
import { EXAM_KEYS, examKey, readExam, writeExam } from '../../../lib/exam-storage';
import { useSession } from '../../../lib/session';
import { ExamButton } from '../shared/exam-layout';
import { useSiswaPage } from './api/get-siswa-page';

/** A page of the table as it loads. */
type SiswaPage =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; rows: SiswaRow[]; totalPages: number; offlineAt: number | null };

/** '21 Nov 12.05' in the phone's locale: when the copy shown offline was fetched. */
function formatCacheTime(at: number): string {
  return new Date(at).toLocaleString('id-ID', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The searchable, paged participant table of a sambung panel (NO, NAMA, RANTING, RAYON, Aksi). */
export function SiswaTable(props: {
  panel: 1 | 2;
  idUkt: number;
  owner: string;
  /** The other panel's participant, who cannot be picked twice: left out of this table. */
  takenId: string | null;
  onPick: (row: SiswaRow) => void;
}) {
  // The page is kept locally as hal (SPEC §4), one per panel.
  const halKey = examKey(props.panel === 1 ? EXAM_KEYS.peserta1 : EXAM_KEYS.peserta2, 'hal');
  const [hal, setHalState] = useState(() => readExam(halKey, props.owner, 1));
  const [typed, setTyped] = useState('');
  const [nama, setNama] = useState('');
  const { examiner } = useSession();
  const query = useSiswaPage(examiner?.id_pemilih ?? '', props.idUkt, hal, nama);
  // 'Coba lagi' shows 'Memuat peserta…' again until the new answer.
  const page: SiswaPage = query.isSuccess
    ? { status: 'ready', ...query.data }
    : query.isError && !query.isFetching
      ? { status: 'error', message: query.error.message }
      : { status: 'loading' };
  const setHal = (n: number) => {
    writeExam(halKey, props.owner, n);
    setHalState(n);
  };

  useEffect(() => {
    // Search after the examiner stops typing, from the first page.
    const timer = setTimeout(() => setNama(typed.trim()), 400);
    return () => clearTimeout(timer);
  }, [typed]);

  const emptyPage = page.status === 'ready' && page.rows.length === 0 && hal > 1;
  const rows = page.status === 'ready' ? page.rows.filter((row) => row.id_siswa !== props.takenId) : [];
  useEffect(() => {
    // An empty page clears the stored page (SPEC §4): back to the first one.
    if (!emptyPage) return;
    writeExam(halKey, props.owner, 1);
    setHalState(1);
  }, [emptyPage, halKey, props.owner]);

  return (
    <div className="flex flex-col gap-2">
      <SearchInput
        aria-label={`Cari peserta ${props.panel}`}
        placeholder="Cari nama atau nomor urut"
        className="h-12 rounded-xl border border-neutral-300 px-3 text-base"
        value={typed}
        onValueChange={(value) => {
          setTyped(value);
          if (hal !== 1) setHal(1);
        }}
      />
      {page.status === 'loading' && <p className="p-3 text-center text-neutral-500">Memuat peserta…</p>}
      {page.status === 'error' && (
        <div className="rounded-xl bg-rose-50 p-3 text-center text-rose-800">
          <p className="mb-2">{page.message}</p>
          <ExamButton onClick={() => void query.refetch()}>Coba lagi</ExamButton>
        </div>
      )}
      {page.status === 'ready' && page.offlineAt !== null && (
        <p data-testid="sambung-offline" className="rounded-xl bg-amber-50 p-2 text-sm text-amber-900">
          Offline: daftar dari HP, disimpan {formatCacheTime(page.offlineAt)}.
        </p>
      )}
      {page.status === 'ready' && rows.length === 0 && (
        <p className="p-3 text-center text-neutral-500">Tidak ada peserta.</p>
      )}
      {rows.length > 0 && (
        <table className="w-full text-left text-sm">
          <thead className="text-xs text-neutral-500">
            <tr>
              <th className="w-8 py-1">NO</th>
              <th className="py-1">NAMA</th>
              {/* On a phone ranting and rayon sit under the name; wider screens get their own columns. */}
              <th className="hidden py-1 sm:table-cell">RANTING</th>
              <th className="hidden py-1 sm:table-cell">RAYON</th>
              <th className="w-20 py-1 text-right">Aksi</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id_siswa} data-id-siswa={row.id_siswa} className="border-t border-neutral-100">
                <td className="py-2 align-top font-semibold text-neutral-500">{row.no_urut}</td>
                <td className="py-2">
                  <span className="block font-semibold">{row.nama}</span>
                  <span className="block text-xs text-neutral-500 sm:hidden">
                    {row.nama_ranting} · {row.nama_rayon}
                  </span>
                </td>
                <td className="hidden py-2 sm:table-cell">{row.nama_ranting}</td>
                <td className="hidden py-2 sm:table-cell">{row.nama_rayon}</td>
                <td className="py-2 text-right">
                  <button
                    type="button"
                    aria-label={`Pilih ${row.nama}`}
                    onClick={() => props.onPick(row)}
                    className="h-11 rounded-xl bg-brand px-4 font-bold text-on-brand"
                  >
                    Pilih
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page.status === 'ready' && (
        <div className="flex items-center justify-between">
          <ExamButton tone="neutral" disabled={hal <= 1} onClick={() => setHal(hal - 1)}>
            ‹
          </ExamButton>
          <span className="text-sm text-neutral-600">
            Halaman {hal} / {Math.max(1, page.totalPages)}
          </span>
          <ExamButton tone="neutral" disabled={hal >= page.totalPages} onClick={() => setHal(hal + 1)}>
            ›
          </ExamButton>
        </div>
      )}
    </div>
  );
}
