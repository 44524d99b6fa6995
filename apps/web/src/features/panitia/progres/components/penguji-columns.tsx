import type { Progres } from '@ukt/core';
import { createColumnHelper } from '../../components/data-table';
import { formatWaktu } from '../../components/format';

type Penguji = Progres['penguji'][number];
const column = createColumnHelper<Penguji>();

/** The examiners of an event: their work, last activity, and what their phone still holds. */
export const pengujiColumns = [
  column.accessor('nama', {
    header: 'Penguji',
    cell: (c) => <span className="font-semibold">{c.getValue()}</span>,
  }),
  column.accessor('diambil', {
    header: 'Diambil',
    cell: (c) => <span className="tabular-nums">{c.getValue()}</span>,
  }),
  column.accessor('dinilai', {
    header: 'Dinilai',
    cell: (c) => <span className="tabular-nums">{c.getValue()}</span>,
  }),
  column.accessor('aktivitas_terakhir', {
    header: 'Aktivitas terakhir',
    cell: (c) => formatWaktu(c.getValue()),
  }),
  column.accessor('tertunda', {
    header: 'Belum terkirim di HP',
    cell: ({ row }) =>
      row.original.tertunda > 0 ? (
        <span className="font-semibold text-amber-800">
          {row.original.tertunda} nilai
          {row.original.tertunda_dilaporkan && (
            <span className="font-normal text-neutral-600">
              {' '}
              ({formatWaktu(row.original.tertunda_dilaporkan)})
            </span>
          )}
        </span>
      ) : (
        <span className="text-neutral-600">0</span>
      ),
  }),
];
