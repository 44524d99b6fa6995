import { type Cadangan, formatUkuran } from '@ukt/core';
import { Icon } from '../../../../components/ui/icon';
import { AKSI, createColumnHelper } from '../../components/data-table';
import { DownloadButton } from '../../components/download-button';
import { formatWaktu } from '../../components/format';

const column = createColumnHelper<Cadangan>();

/** Why a backup was taken, in words. */
const REASON_TEXT: Record<Cadangan['reason'], string> = {
  manual: 'Manual',
  jadwal: 'Terjadwal',
  migrasi: 'Sebelum pembaruan',
  lain: 'Lainnya',
};

/** A closed padlock. */
const LOCK = 'M7 11V8a5 5 0 0 1 10 0v3M6 11h12v9H6z';

/** The columns of the backup list; 'Unduh' calls back into the page. */
export function cadanganColumns({ onDownload }: { onDownload: (c: Cadangan) => Promise<unknown> }) {
  return column.columns([
    column.accessor('created_at', {
      header: 'Waktu',
      cell: ({ row }) => (
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
          {formatWaktu(row.original.created_at, { detik: true })}
          {row.original.encrypted && (
            <Icon path={LOCK} className="size-4 text-amber-700" label="Dilindungi kata sandi" />
          )}
        </span>
      ),
    }),
    column.accessor('reason', { header: 'Jenis', cell: ({ getValue }) => REASON_TEXT[getValue()] }),
    column.accessor('bytes', {
      header: 'Ukuran',
      cell: ({ getValue }) => <span className="whitespace-nowrap">{formatUkuran(getValue())}</span>,
    }),
    column.accessor('encrypted', {
      header: 'Kata sandi',
      cell: ({ getValue }) => (getValue() ? 'Ya' : 'Tidak'),
    }),
    column.accessor('name', {
      header: 'Berkas',
      cell: ({ getValue }) => (
        <span className="font-mono text-xs break-all text-neutral-600">{getValue()}</span>
      ),
    }),
    column.display({
      id: AKSI,
      header: '',
      cell: ({ row }) => (
        <DownloadButton download={() => onDownload(row.original)} label={`Unduh ${row.original.name}`}>
          Unduh
        </DownloadButton>
      ),
    }),
  ]);
}
