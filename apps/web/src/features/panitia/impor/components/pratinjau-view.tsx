import {
  type ImporBaris,
  type ImporJenis,
  type ImporKesalahan,
  type ImporPratinjau,
  kalimatKolomTetap,
  labelKolom,
} from '@ukt/core';
import { useMemo, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { type Column, createColumnHelper, DataTable } from '../../components/data-table';
import { unduhKesalahan } from './kesalahan-csv';

const column = createColumnHelper<ImporBaris>();
const kesalahanColumn = createColumnHelper<ImporKesalahan>();

type Status = ImporBaris['status'];

const STATUS_LABEL: Record<Status, string> = {
  baru: 'Baru',
  diperbarui: 'Diperbarui',
  tetap: 'Tetap',
};
const STATUS_STYLE: Record<Status, string> = {
  baru: 'bg-green-50 text-green-800 ring-green-300',
  diperbarui: 'bg-amber-50 text-amber-900 ring-amber-300',
  tetap: 'bg-neutral-50 text-neutral-700 ring-neutral-300',
};

/** What an update changes, a line per field: "Nama: Purnomo Lestari → Siti Aminah". */
function Perubahan({ baris }: { baris: ImporBaris }) {
  if (!baris.perubahan.length) return <span className="text-neutral-400">–</span>;
  return (
    <ul className="flex flex-col gap-0.5" data-perubahan={baris.baris}>
      {baris.perubahan.map((p) => (
        <li key={p.kolom}>
          <span className="font-semibold">{p.label}:</span>{' '}
          <span className="text-neutral-600">{p.lama || '(kosong)'}</span> →{' '}
          <span className="font-semibold text-amber-900">{p.baru || '(kosong)'}</span>
        </li>
      ))}
    </ul>
  );
}

const statusColumn = column.accessor('status', {
  header: 'Status',
  cell: ({ row }) => (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${STATUS_STYLE[row.original.status]}`}
    >
      {STATUS_LABEL[row.original.status]}
    </span>
  ),
});
const perubahanColumn = column.display({
  id: 'perubahan',
  header: 'Perubahan',
  cell: ({ row }) => <Perubahan baris={row.original} />,
});

/** The preview's columns: the line, its status and changes, then every field the rows hold, by its label. */
function barisColumns(jenis: ImporJenis, rows: ImporBaris[]): Column<ImporBaris>[] {
  const fields = [...new Set(rows.flatMap((r) => Object.keys(r.data)))];
  return [
    column.accessor('baris', { header: 'Baris', cell: ({ getValue }) => `Baris ${getValue()}` }),
    statusColumn,
    perubahanColumn,
    ...fields.map((field) =>
      column.accessor((r) => r.data[field] ?? '', { id: `data.${field}`, header: labelKolom(jenis, field) }),
    ),
  ];
}

/** The examined participants' columns: who (number and name as stored after), and what changes. */
const DINILAI_COLUMNS: Column<ImporBaris>[] = [
  column.accessor((r) => `No. ${r.data.no_urut ?? ''}`, { id: 'no', header: 'No. Urut' }),
  column.accessor('baris', { header: 'Baris', cell: ({ getValue }) => `Baris ${getValue()}` }),
  perubahanColumn,
];

/** The row as the file gives it, in a line: "131 · Budi · P1 · (kosong) · R1". */
const isiOf = (k: ImporKesalahan) =>
  k.isi
    ? Object.values(k.isi)
        .map((v) => v || '(kosong)')
        .join(' · ')
    : '';

const KESALAHAN_COLUMNS: Column<ImporKesalahan>[] = kesalahanColumns();

function kesalahanColumns(): Column<ImporKesalahan>[] {
  return [
    kesalahanColumn.accessor('baris', {
      header: 'Baris',
      cell: ({ getValue }) => (getValue() ? `Baris ${getValue()}` : 'Berkas'),
    }),
    kesalahanColumn.accessor((k) => (k.kolom ? `${k.kolom}: ${k.pesan}` : k.pesan), {
      id: 'pesan',
      header: 'Kesalahan',
      cell: ({ row }) => (
        <span className="text-red-800" data-baris={row.original.baris} data-kolom={row.original.kolom}>
          {row.original.kolom && <span className="font-semibold">{row.original.kolom}: </span>}
          {row.original.pesan}
        </span>
      ),
    }),
    kesalahanColumn.accessor(isiOf, {
      id: 'isi',
      header: 'Isi baris di berkas',
      cell: ({ getValue }) => <span className="text-neutral-600">{getValue()}</span>,
    }),
  ];
}

function Count({ label, value, tone = '' }: { label: string; value: number; tone?: string }) {
  return (
    <div className={`flex flex-col rounded-xl bg-white px-3 py-2 ring-1 ring-black/5 ${tone}`}>
      <span className="text-xs font-medium text-neutral-500">{label}</span>
      <span className="text-xl font-bold" data-count={label}>
        {value.toLocaleString('id-ID')}
      </span>
    </div>
  );
}

/** In the table: the line and status on one line, the changes wide enough to read at a glance. */
const BARIS_CLASS = { baris: 'whitespace-nowrap', status: 'whitespace-nowrap', perubahan: 'min-w-64' };

type Saring = Status | 'semua';

/** Which rows the list shows: all, or one status (the changes are what the committee checks). */
function SaringBaris({
  value,
  onValue,
  counts,
}: {
  value: Saring;
  onValue: (value: Saring) => void;
  counts: Record<Saring, number>;
}) {
  const options: Saring[] = ['semua', 'diperbarui', 'baru', 'tetap'];
  return (
    <fieldset className="flex flex-wrap gap-1">
      <legend className="sr-only">Tampilkan baris</legend>
      {options
        .filter((o) => o === 'semua' || counts[o] > 0)
        .map((o) => (
          <Button
            key={o}
            variant={value === o ? 'primary' : 'secondary'}
            aria-pressed={value === o}
            className="px-3 text-sm"
            onClick={() => onValue(o)}
          >
            {o === 'semua' ? 'Semua' : STATUS_LABEL[o]} ({counts[o].toLocaleString('id-ID')})
          </Button>
        ))}
    </fieldset>
  );
}

/**
 * What importing the file would do: the counts, every error by line and field (to download with
 * its row), the examined participants whose name or region changes, and the rows as stored with
 * what each update changes.
 */
export function PratinjauView({ pratinjau, fileName }: { pratinjau: ImporPratinjau; fileName?: string }) {
  const [saring, setSaring] = useState<Saring>('semua');
  const shown = useMemo(
    () => (saring === 'semua' ? pratinjau.baris : pratinjau.baris.filter((b) => b.status === saring)),
    [pratinjau, saring],
  );
  const columns = useMemo(() => barisColumns(pratinjau.jenis, pratinjau.baris), [pratinjau]);
  const valid = pratinjau.baru + pratinjau.diperbarui + pratinjau.tetap;
  // The columns the file does not carry keep what is stored (docs/decisions/156): said first.
  const kolomTetap = kalimatKolomTetap(pratinjau.kolom_tetap.map((k) => k.label));
  const catatan = kolomTetap ? [kolomTetap, ...pratinjau.catatan] : pratinjau.catatan;
  const hidden = valid - pratinjau.baris.length;
  const counts: Record<Saring, number> = {
    semua: pratinjau.baris.length,
    baru: pratinjau.baris.filter((b) => b.status === 'baru').length,
    diperbarui: pratinjau.baris.filter((b) => b.status === 'diperbarui').length,
    tetap: pratinjau.baris.filter((b) => b.status === 'tetap').length,
  };
  return (
    <div className="flex flex-col gap-4">
      <div
        className={`grid grid-cols-3 gap-2 ${pratinjau.jenis === 'peserta' ? 'sm:grid-cols-6' : 'sm:grid-cols-5'}`}
      >
        <Count label="Baris" value={pratinjau.jumlah_baris} />
        <Count label="Baru" value={pratinjau.baru} />
        <Count label="Diperbarui" value={pratinjau.diperbarui} />
        <Count label="Tetap" value={pratinjau.tetap} />
        {pratinjau.jenis === 'peserta' && (
          <Count
            label="Sudah dinilai"
            value={pratinjau.jumlah_dinilai}
            tone={pratinjau.jumlah_dinilai ? 'text-amber-900 ring-amber-400' : ''}
          />
        )}
        <Count
          label="Kesalahan"
          value={pratinjau.jumlah_kesalahan}
          tone={pratinjau.jumlah_kesalahan ? 'text-red-700 ring-red-300' : ''}
        />
      </div>

      {catatan.length > 0 && (
        <ul
          aria-label="Catatan pembacaan file"
          className="flex flex-col gap-1 rounded-2xl bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200"
        >
          {catatan.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      )}

      {pratinjau.jumlah_kesalahan > 0 && (
        <section aria-labelledby="impor-kesalahan" className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="impor-kesalahan" className="flex-1 font-bold text-red-800">
              Kesalahan ({pratinjau.jumlah_kesalahan.toLocaleString('id-ID')})
            </h2>
            <Button
              variant="secondary"
              onClick={() => unduhKesalahan(pratinjau.jenis, pratinjau.kesalahan, fileName)}
            >
              Unduh baris yang salah (.csv)
            </Button>
          </div>
          <p className="text-sm text-neutral-600">
            Berkas unduhan berisi baris-baris ini apa adanya dengan kesalahannya di sampingnya. Perbaiki di
            Excel, lalu impor lagi.
          </p>
          <DataTable
            label="Daftar kesalahan"
            data={pratinjau.kesalahan}
            columns={KESALAHAN_COLUMNS}
            getRowId={(k) => `${k.baris}-${k.kolom}-${k.pesan}`}
            columnClass={{ baris: 'whitespace-nowrap', pesan: 'min-w-48' }}
          />
          {pratinjau.jumlah_kesalahan > pratinjau.kesalahan.length && (
            <p className="text-sm text-neutral-600">
              Ditampilkan {pratinjau.kesalahan.length.toLocaleString('id-ID')} kesalahan pertama. Perbaiki
              dulu, lalu pilih file itu lagi untuk melihat sisanya.
            </p>
          )}
        </section>
      )}

      {pratinjau.jumlah_dinilai > 0 && (
        <section
          aria-labelledby="impor-dinilai"
          className="flex flex-col gap-2 rounded-2xl bg-amber-50 p-3 ring-2 ring-amber-400"
        >
          <h2 id="impor-dinilai" className="font-bold text-amber-950">
            Peserta yang sudah dinilai ({pratinjau.jumlah_dinilai.toLocaleString('id-ID')})
          </h2>
          <p className="text-sm text-amber-950">
            Peserta ini sudah punya nilai. Mengubah nama atau wilayahnya mengubah juga nama dan wilayah di
            lembar nilai, rekap, sertifikat dan berita acara untuk nilai yang sudah diberikan. Pastikan tiap
            baris memang peserta yang sama (bukan baris yang bergeser di Excel atau kegiatan yang salah
            pilih).
          </p>
          <DataTable
            label="Peserta yang sudah dinilai"
            data={pratinjau.dinilai}
            columns={DINILAI_COLUMNS}
            getRowId={(r) => String(r.baris)}
            columnClass={BARIS_CLASS}
          />
        </section>
      )}

      {pratinjau.baris.length > 0 && (
        <section aria-labelledby="impor-baris" className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="impor-baris" className="flex-1 font-bold">
              Baris yang akan disimpan
            </h2>
            <SaringBaris value={saring} onValue={setSaring} counts={counts} />
          </div>
          <DataTable
            label="Pratinjau baris"
            data={shown}
            columns={columns}
            getRowId={(r) => String(r.baris)}
            columnClass={BARIS_CLASS}
            rowAttributes={(r) => ({ className: r.dinilai ? 'bg-amber-50' : '', 'data-status': r.status })}
          />
          {hidden > 0 && (
            <p className="text-sm text-neutral-600">
              Ditampilkan {pratinjau.baris.length.toLocaleString('id-ID')} baris pertama dari{' '}
              {valid.toLocaleString('id-ID')}; semuanya ikut diimpor.
            </p>
          )}
        </section>
      )}
    </div>
  );
}
