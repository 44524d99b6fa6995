import {
  alasanSingkat,
  formatNilaiKolom,
  KOMPONEN,
  type KomponenKey,
  komponenLabel,
  type RekapRow,
} from '@ukt/core';
import { ActionsMenu } from '../../components/actions-menu';
import { AKSI, type Column, createColumnHelper } from '../../components/data-table';
import { Alasan, StatusBadge } from './status-badge';

const column = createColumnHelper<RekapRow>();

/**
 * On a laptop the participant stays at the left and the actions at the right while the components
 * scroll between them; status, final and band come first so they show without scrolling
 * (docs/decisions/106). Scores are right-aligned, their commas in one line (docs/decisions/144).
 */
export const REKAP_COLUMN_CLASS: Partial<Record<string, string>> = {
  nama: 'sticky left-0 z-10 w-56 min-w-56 max-w-56 bg-white shadow-[1px_0_0_var(--color-neutral-200)]',
  status: 'min-w-40 max-w-56',
  nilai_akhir: 'text-right',
  ...Object.fromEntries(KOMPONEN.map((k) => [`nilai_${k.key}`, 'text-right'])),
  [AKSI]: 'sticky right-0 z-10 bg-white shadow-[-1px_0_0_var(--color-neutral-200)]',
};

/**
 * The recap's columns: the participant, status with its short reasons (the words the exports
 * print), final score and band, every component the rule counts ('–' when not scored); one 'Aksi'
 * menu with 'Koreksi nilai' and the participant's audit history.
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
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-semibold" title={row.original.nama}>
            <span className="tabular-nums text-neutral-600">{row.original.no_urut}.</span> {row.original.nama}
          </span>
          <span className="truncate text-xs text-neutral-600">
            {row.original.ranting}
            {row.original.rayon ? ` · ${row.original.rayon}` : ''}
          </span>
        </span>
      ),
    }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ row }) => (
        <span className="flex flex-col items-start gap-1" data-kolom="status">
          <StatusBadge status={row.original.status} />
          <Alasan text={alasanSingkat(row.original, komponen)} />
        </span>
      ),
    }),
    column.accessor('nilai_akhir', {
      header: 'Akhir',
      cell: (c) => (
        <span className="font-semibold tabular-nums" data-kolom="nilai_akhir">
          {formatNilaiKolom(c.getValue())}
        </span>
      ),
    }),
    column.accessor('predikat', {
      header: 'Predikat',
      cell: (c) => (
        <span className="whitespace-nowrap" data-kolom="predikat">
          {c.getValue() ?? '–'}
        </span>
      ),
    }),
    ...komponen.map((key) =>
      column.display({
        id: `nilai_${key}`,
        header: komponenLabel(key),
        cell: ({ row }) => (
          <span className="tabular-nums" data-komponen={key}>
            {formatNilaiKolom(row.original.nilai[key])}
          </span>
        ),
      }),
    ),
    column.display({
      id: AKSI,
      header: '',
      cell: ({ row }) => (
        <ActionsMenu
          label={row.original.nama}
          actions={[
            {
              label: 'Koreksi nilai',
              onSelect: () => onKoreksi(row.original),
              disabled: disahkan ? 'Batalkan pengesahan dulu untuk mengoreksi' : undefined,
            },
            {
              label: 'Riwayat nilai',
              to: `/panitia/audit?ukt=${idUkt}&siswa=${row.original.id_siswa}&nama=${encodeURIComponent(row.original.nama)}`,
            },
          ]}
        />
      ),
    }),
  ];
}
