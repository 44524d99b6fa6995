import type { ExamMark, SiswaRow } from '@ukt/core';
import { Button } from '../../../components/ui/button';
import { SyncMark } from '../../../components/ui/sync-mark';
import { TodoMarks } from './todo-marks';

/**
 * One participant: no_urut, nama, ranting, rayon, the to-do marks of the post's exams and 'Pilih';
 * red when already taken at this post.
 */
export function ParticipantRow({
  row,
  taken,
  busy,
  pending = false,
  marks = [],
  onChoose,
}: {
  row: SiswaRow;
  /** Someone has taken the participant at the current post (SPEC §2: drawn red). */
  taken: boolean;
  busy: boolean;
  /** Writes about this participant wait on the phone. */
  pending?: boolean;
  /** The post's exams, each lit when the participant has a score for it. */
  marks?: readonly ExamMark[];
  onChoose: (row: SiswaRow) => void;
}) {
  const blocked = Number(row.sudah_ujian) === 1;
  return (
    <li
      data-id-siswa={row.id_siswa}
      data-taken={taken}
      className={`flex items-center gap-3 px-3 py-2.5 ${taken ? 'bg-red-50 text-red-800' : 'bg-white'}`}
    >
      <span
        className={`grid h-9 min-w-9 shrink-0 place-items-center rounded-lg px-1 text-sm font-bold ${taken ? 'bg-red-600 text-white' : 'bg-neutral-100 text-neutral-700'}`}
      >
        {row.no_urut}
      </span>
      <span className="min-w-0 flex-1">
        <span data-cell="nama" className="block truncate font-semibold">
          {row.nama}
        </span>
        {pending && <SyncMark mark="pending" />}
        <span className={`block truncate text-xs ${taken ? 'text-red-700' : 'text-neutral-500'}`}>
          {row.nama_ranting} · {row.nama_rayon}
        </span>
        <TodoMarks marks={marks} dinilai={row.dinilai ?? []} />
      </span>
      <Button
        variant={blocked ? 'secondary' : 'primary'}
        className="shrink-0 px-3"
        disabled={blocked || busy}
        onClick={() => onChoose(row)}
        aria-label={`Pilih ${row.nama}`}
      >
        Pilih
      </Button>
    </li>
  );
}
