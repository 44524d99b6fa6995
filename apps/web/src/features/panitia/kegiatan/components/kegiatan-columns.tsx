import { formatTanggalPendek, type PanitiaKegiatan } from '@ukt/core';
import { Link } from 'react-router';
import { ActionsMenu } from '../../components/actions-menu';
import { AKSI, createColumnHelper } from '../../components/data-table';
import { tingkatLabel } from '../../components/tingkat-options';

const column = createColumnHelper<PanitiaKegiatan>();

/** The share of participants with at least one score, as a bar and 'n / m ada nilai' (complete or not). */
function Progres({ k }: { k: PanitiaKegiatan }) {
  const percent = k.jumlah_peserta ? Math.round((k.peserta_dinilai / k.jumlah_peserta) * 100) : 0;
  return (
    <div className="flex min-w-28 flex-col gap-1">
      <span className="text-sm whitespace-nowrap">
        {k.peserta_dinilai} / {k.jumlah_peserta} ada nilai ({percent}%)
      </span>
      <span className="h-1.5 overflow-hidden rounded-full bg-neutral-200" aria-hidden="true">
        <span className="block h-full bg-brand" style={{ width: `${percent}%` }} />
      </span>
    </div>
  );
}

/** The columns of the event list; the buttons call back into the page. */
export function kegiatanColumns({
  onEdit,
  onArsip,
  onAturan,
}: {
  onEdit: (k: PanitiaKegiatan) => void;
  onArsip: (k: PanitiaKegiatan) => void;
  onAturan: (k: PanitiaKegiatan) => void;
}) {
  return column.columns([
    column.accessor('nama_ukt', {
      header: 'Kegiatan',
      cell: ({ row }) => (
        <div className="flex min-w-48 flex-col">
          <span className="font-semibold">
            {row.original.nama_ukt}
            {row.original.arsip && (
              <span className="ml-2 rounded-full bg-neutral-200 px-2 py-0.5 text-xs font-semibold text-neutral-700">
                Arsip
              </span>
            )}
          </span>
          {row.original.nama_kegiatan && (
            <span className="text-sm font-normal text-neutral-600">{row.original.nama_kegiatan}</span>
          )}
        </div>
      ),
    }),
    column.accessor('tanggal_tes', {
      header: 'Tanggal',
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {formatTanggalPendek(row.original.tanggal_tes, row.original.akhir_tes)}
        </span>
      ),
    }),
    column.accessor('id_tingkat', { header: 'Tingkat', cell: ({ getValue }) => tingkatLabel(getValue()) }),
    column.accessor('jumlah_peserta', {
      header: 'Peserta',
      cell: ({ row }) => (
        <Link
          to={`/panitia/peserta?ukt=${row.original.id_ukt}`}
          className="font-semibold text-neutral-900 underline decoration-brand decoration-2 underline-offset-4"
        >
          {row.original.jumlah_peserta}
        </Link>
      ),
    }),
    column.accessor('jumlah_penguji', { header: 'Penguji' }),
    column.display({ id: 'progres', header: 'Progres', cell: ({ row }) => <Progres k={row.original} /> }),
    column.display({
      id: AKSI,
      header: '',
      cell: ({ row }) => (
        <ActionsMenu
          label={row.original.nama_ukt}
          actions={[
            { label: 'Ubah', onSelect: () => onEdit(row.original) },
            { label: 'Aturan lulus', onSelect: () => onAturan(row.original) },
            { label: 'Progres', to: `/panitia/progres?ukt=${row.original.id_ukt}` },
            { label: 'Rekap', to: `/panitia/rekap?ukt=${row.original.id_ukt}` },
            { label: row.original.arsip ? 'Pulihkan' : 'Arsipkan', onSelect: () => onArsip(row.original) },
          ]}
        />
      ),
    }),
  ]);
}
