import { type AuditRow, formatAuditNilai } from '@ukt/core';
import { createColumnHelper } from '../../components/data-table';
import { formatWaktu } from '../../components/format';
import { fieldLabel } from './audit-fields';

const column = createColumnHelper<AuditRow>();

const SUMBER: Record<AuditRow['sumber'], string> = {
  aplikasi: 'Aplikasi',
  koreksi: 'Koreksi',
  impor: 'Impor',
  pengesahan: 'Pengesahan',
};

/** The audit log's columns: when, who changed what of whom, from what to what, why and from where. */
export const auditColumns = [
  column.accessor('at', {
    header: 'Waktu',
    cell: (c) => <span className="whitespace-nowrap">{formatWaktu(c.getValue())}</span>,
  }),
  column.accessor('siswa', {
    header: 'Peserta',
    cell: ({ row }) =>
      row.original.id_siswa === '0' ? (
        <span className="text-neutral-600">Seluruh kegiatan</span>
      ) : (
        row.original.siswa
      ),
  }),
  column.accessor('field', {
    header: 'Nilai',
    cell: (c) => (
      <span className="font-medium" data-field={c.getValue()}>
        {fieldLabel(c.getValue())}
      </span>
    ),
  }),
  column.display({
    id: 'perubahan',
    header: 'Lama → baru',
    cell: ({ row }) =>
      row.original.field === 'sahkan' ? (
        row.original.baru === 1 ? (
          'Disahkan'
        ) : (
          'Pengesahan dibatalkan'
        )
      ) : (
        <span className="tabular-nums whitespace-nowrap" data-testid="perubahan">
          {formatAuditNilai(row.original.field, row.original.lama)} →{' '}
          {formatAuditNilai(row.original.field, row.original.baru)}
        </span>
      ),
  }),
  column.accessor('penguji', { header: 'Oleh' }),
  column.accessor('alasan', { header: 'Alasan', cell: (c) => c.getValue() ?? '–' }),
  column.accessor('sumber', { header: 'Sumber', cell: (c) => SUMBER[c.getValue()] }),
];
