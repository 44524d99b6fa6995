import { type ImporJenis, type ImporPratinjau, labelKolom } from '@ukt/core';
import { useMemo } from 'react';
import { type Column, createColumnHelper, DataTable } from '../../components/data-table';

type Baris = ImporPratinjau['baris'][number];
const column = createColumnHelper<Baris>();

const STATUS_LABEL: Record<Baris['status'], string> = {
  baru: 'Baru',
  diperbarui: 'Diperbarui',
  tetap: 'Tetap',
};
const STATUS_STYLE: Record<Baris['status'], string> = {
  baru: 'bg-green-50 text-green-800 ring-green-300',
  diperbarui: 'bg-amber-50 text-amber-900 ring-amber-300',
  tetap: 'bg-neutral-50 text-neutral-700 ring-neutral-300',
};

/** The preview's columns: the line and its status, then every field the rows hold, by its label. */
function barisColumns(jenis: ImporJenis, rows: Baris[]): Column<Baris>[] {
  const fields = [...new Set(rows.flatMap((r) => Object.keys(r.data)))];
  return [
    column.accessor('baris', { header: 'Baris', cell: ({ getValue }) => `Baris ${getValue()}` }),
    column.accessor('status', {
      header: 'Status',
      cell: ({ row }) => (
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STATUS_STYLE[row.original.status]}`}
        >
          {STATUS_LABEL[row.original.status]}
        </span>
      ),
    }),
    ...fields.map((field) =>
      column.accessor((r) => r.data[field] ?? '', { id: `data.${field}`, header: labelKolom(jenis, field) }),
    ),
  ];
}

function Count({ label, value, tone = '' }: { label: string; value: number; tone?: string }) {
  return (
    <div className={`flex flex-col rounded-xl bg-white px-3 py-2 ring-1 ring-black/5 ${tone}`}>
      <span className="text-xs font-medium text-neutral-500">{label}</span>
      <span className="text-xl font-bold" data-count={label}>
        {value}
      </span>
    </div>
  );
}

/** What importing the file would do: the counts, every error by line and field, the rows as stored. */
export function PratinjauView({ pratinjau }: { pratinjau: ImporPratinjau }) {
  const columns = useMemo(() => barisColumns(pratinjau.jenis, pratinjau.baris), [pratinjau]);
  const hidden = pratinjau.jumlah_baris - pratinjau.baris.length;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
        <Count label="Baris" value={pratinjau.jumlah_baris} />
        <Count label="Baru" value={pratinjau.baru} />
        <Count label="Diperbarui" value={pratinjau.diperbarui} />
        <Count label="Tetap" value={pratinjau.tetap} />
        <Count
          label="Kesalahan"
          value={pratinjau.jumlah_kesalahan}
          tone={pratinjau.jumlah_kesalahan ? 'text-red-700 ring-red-300' : ''}
        />
      </div>

      {pratinjau.catatan.length > 0 && (
        <ul
          aria-label="Catatan pembacaan file"
          className="flex flex-col gap-1 rounded-2xl bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200"
        >
          {pratinjau.catatan.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ul>
      )}

      {pratinjau.jumlah_kesalahan > 0 && (
        <section aria-labelledby="impor-kesalahan" className="flex flex-col gap-2">
          <h2 id="impor-kesalahan" className="font-bold text-red-800">
            Kesalahan ({pratinjau.jumlah_kesalahan})
          </h2>
          <ul className="flex flex-col gap-1 rounded-2xl bg-red-50 p-3 text-sm ring-1 ring-red-200">
            {pratinjau.kesalahan.map((k) => (
              <li key={`${k.baris}-${k.kolom}-${k.pesan}`} data-baris={k.baris} data-kolom={k.kolom}>
                <span className="font-semibold">Baris {k.baris}</span>
                {k.kolom && (
                  <>
                    , kolom <span className="font-semibold">{k.kolom}</span>
                  </>
                )}
                : {k.pesan}
              </li>
            ))}
          </ul>
          {pratinjau.jumlah_kesalahan > pratinjau.kesalahan.length && (
            <p className="text-sm text-neutral-600">
              Dan {pratinjau.jumlah_kesalahan - pratinjau.kesalahan.length} kesalahan lain.
            </p>
          )}
        </section>
      )}

      {pratinjau.baris.length > 0 && (
        <section aria-labelledby="impor-baris" className="flex flex-col gap-2">
          <h2 id="impor-baris" className="font-bold">
            Baris yang akan disimpan
          </h2>
          <DataTable
            label="Pratinjau baris"
            data={pratinjau.baris}
            columns={columns}
            getRowId={(r) => String(r.baris)}
          />
          {hidden > 0 && <p className="text-sm text-neutral-600">Dan {hidden} baris lain.</p>}
        </section>
      )}
    </div>
  );
}
