import { type KomponenKey, komponenLabel, type RekapRow } from '@ukt/core';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { AKSI, type Column, createColumnHelper } from '../../components/data-table';
import { nilaiText } from './nilai-text';
import { StatusBadge } from './status-badge';

const column = createColumnHelper<RekapRow>();

/**
 * The recap's columns: the participant, every component the rule counts ('–' when not scored),
 * the final score, band, status and reasons; 'Koreksi' and the participant's audit history.
 */
export function rekapColumns({
  idUkt,
  komponen,
  disahkan,
  onKoreksi,
}: {
  idUkt: string;
  komponen: readonly KomponenKey[];
  disahkan: boolean;
  onKoreksi: (row: RekapRow) => void;
}): Column<RekapRow>[] {
  return [
    column.accessor('nama', {
      header: 'Peserta',
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span className="font-semibold">
            <span className="tabular-nums text-neutral-600">{row.original.no_urut}.</span> {row.original.nama}
          </span>
          <span className="text-xs text-neutral-600">
            {row.original.ranting}
            {row.original.rayon ? ` · ${row.original.rayon}` : ''}
          </span>
        </span>
      ),
    }),
    ...komponen.map((key) =>
      column.display({
        id: `nilai_${key}`,
        header: komponenLabel(key),
        cell: ({ row }) => (
          <span className="tabular-nums" data-komponen={key}>
            {nilaiText(row.original.nilai[key])}
          </span>
        ),
      }),
    ),
    column.accessor('nilai_akhir', {
      header: 'Akhir',
      cell: (c) => (
        <span className="font-semibold tabular-nums" data-kolom="nilai_akhir">
          {nilaiText(c.getValue())}
        </span>
      ),
    }),
    column.accessor('predikat', { header: 'Predikat', cell: (c) => c.getValue() ?? '–' }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ row }) => (
        <span className="flex flex-col gap-1" data-kolom="status">
          <StatusBadge status={row.original.status} />
          {row.original.alasan.length > 0 && (
            <span className="text-xs text-neutral-700">{row.original.alasan.join('; ')}</span>
          )}
        </span>
      ),
    }),
    column.display({
      id: AKSI,
      header: '',
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={disahkan}
            title={disahkan ? 'Batalkan pengesahan dulu untuk mengoreksi' : undefined}
            onClick={() => onKoreksi(row.original)}
            aria-label={`Koreksi nilai ${row.original.nama}`}
          >
            Koreksi
          </Button>
          <Link
            to={`/panitia/audit?ukt=${idUkt}&siswa=${row.original.id_siswa}&nama=${encodeURIComponent(row.original.nama)}`}
            className="inline-flex min-h-11 items-center rounded-xl px-3 text-sm font-semibold text-neutral-800 underline underline-offset-2"
          >
            Riwayat
          </Link>
        </span>
      ),
    }),
  ];
}
