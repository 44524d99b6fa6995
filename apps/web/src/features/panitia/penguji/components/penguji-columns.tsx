import type { PanitiaPenguji } from '@ukt/core';
import { Button } from '../../../../components/ui/button';
import { AKSI, createColumnHelper } from '../../components/data-table';
import { formatWaktu } from '../../components/format';

const column = createColumnHelper<PanitiaPenguji>();

/** The columns of the examiner list; the buttons call back into the page. */
export function pengujiColumns({
  onEdit,
  onTautan,
  onAktif,
}: {
  onEdit: (p: PanitiaPenguji) => void;
  onTautan: (p: PanitiaPenguji) => void;
  onAktif: (p: PanitiaPenguji) => void;
}) {
  return column.columns([
    column.accessor('nama', { header: 'Nama' }),
    column.accessor('no_wa', { header: 'Nomor WA', cell: ({ getValue }) => `+${getValue()}` }),
    column.display({
      id: 'wilayah',
      header: 'Wilayah',
      cell: ({ row }) =>
        row.original.perwapus || row.original.cabang ? (
          <span className="flex flex-col">
            <span>{row.original.perwapus}</span>
            <span className="text-neutral-500">{row.original.cabang}</span>
          </span>
        ) : (
          <span className="text-neutral-500">Semua wilayah</span>
        ),
    }),
    column.accessor('panitia', { header: 'Peran' }),
    column.accessor('dewan', { header: 'Dewan' }),
    column.accessor('aktif', {
      header: 'Status',
      cell: ({ row }) =>
        row.original.aktif ? (
          <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-300">
            Aktif
          </span>
        ) : (
          <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-300">
            Nonaktif
          </span>
        ),
    }),
    column.accessor('aktivitas_terakhir', {
      header: 'Aktivitas terakhir',
      cell: ({ row }) => formatWaktu(row.original.aktivitas_terakhir),
    }),
    column.display({
      id: AKSI,
      header: '',
      cell: ({ row }) => (
        <div className="flex flex-wrap gap-2 md:flex-nowrap md:*:whitespace-nowrap">
          <Button variant="secondary" onClick={() => onEdit(row.original)}>
            Ubah
          </Button>
          <Button variant="secondary" disabled={!row.original.aktif} onClick={() => onTautan(row.original)}>
            Tautan login
          </Button>
          <Button variant={row.original.aktif ? 'ghost' : 'secondary'} onClick={() => onAktif(row.original)}>
            {row.original.aktif ? 'Nonaktifkan' : 'Aktifkan'}
          </Button>
        </div>
      ),
    }),
  ]);
}
