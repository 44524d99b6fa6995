import { API, type EksporFormat, type RekapRow } from '@ukt/core';
import { useMemo, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Notice } from '../../../../components/ui/notice';
import { showSuccess } from '../../../../lib/dialogs';
import { AturanSheet } from '../../aturan/components/aturan-sheet';
import { DataTable } from '../../components/data-table';
import { DownloadButton } from '../../components/download-button';
import { downloadFile } from '../../components/download-file';
import { SelectField } from '../../components/field';
import { KegiatanSelect, useKegiatanParam } from '../../components/kegiatan-select';
import { QueryView } from '../../components/query-view';
import { NO_REGION, RegionSelects } from '../../components/region-selects';
import { SearchBox } from '../../components/search-box';
import { Sheet } from '../../components/sheet';
import { DokumenKegiatan } from '../../dokumen/dokumen-kegiatan';
import { type RekapFilter, useRekap } from '../api/get-rekap';
import { useSahkan } from '../api/sahkan';
import { BatalSahkanForm } from './batal-sahkan-form';
import { KoreksiForm } from './koreksi-form';
import { REKAP_COLUMN_CLASS, rekapColumns } from './rekap-columns';
import { RekapToolbar } from './rekap-toolbar';
import { SahkanForm } from './sahkan-form';

const STATUS_OPTIONS = [
  { value: 'semua', label: 'Semua status' },
  { value: 'Lulus', label: 'Lulus' },
  { value: 'Tidak Lulus', label: 'Tidak Lulus' },
  { value: 'Belum lengkap', label: 'Belum lengkap' },
  { value: 'Mundur', label: 'Mundur' },
] as const;

const SORT_OPTIONS = [
  { value: 'no_urut', label: 'No urut' },
  { value: 'nama', label: 'Nama' },
  { value: 'nilai_akhir', label: 'Nilai akhir' },
  { value: 'status', label: 'Status' },
] as const;

const EXPORTS: { format: EksporFormat; label: string }[] = [
  { format: 'xlsx', label: 'Excel (.xlsx)' },
  { format: 'csv', label: 'CSV' },
  { format: 'pdf', label: 'PDF' },
];

const FIRST: RekapFilter = { ...NO_REGION, status: 'semua', urut: 'no_urut', arah: 'naik' };

/** The rows whose name contains the search text, or whose number is it; all rows for ''. */
function cocok(rows: RekapRow[], cari: string): RekapRow[] {
  if (!cari) return rows;
  const text = cari.toLowerCase();
  return rows.filter((r) => String(r.no_urut) === text || r.nama.toLowerCase().includes(text));
}

/**
 * /panitia/rekap?ukt=ID: the event's results under its pass rule (DESIGN §10): every component
 * ('–' when not scored), final, band, status and reasons; sort, filters, totals per status;
 * corrections, the rule, ratification and the exports.
 */
export function RekapPage() {
  const [idUkt, setIdUkt] = useKegiatanParam();
  const [filter, setFilter] = useState<RekapFilter>(FIRST);
  // Name or number: the recap is one list, so the search runs here, on what the server sent.
  const [cari, setCari] = useState('');
  const rekap = useRekap(idUkt, filter);
  const sahkan = useSahkan(idUkt);
  const [koreksi, setKoreksi] = useState<RekapRow | null>(null);
  const [sheet, setSheet] = useState<'aturan' | 'batal' | 'sahkan' | null>(null);
  const meta = rekap.data?.meta;
  const disahkan = meta?.disahkan ?? false;
  const patch = (p: Partial<RekapFilter>) => setFilter((f) => ({ ...f, ...p }));
  const active = [
    filter.id_perwapus,
    filter.status !== 'semua' ? 'status' : '',
    filter.urut !== 'no_urut' ? 'urut' : '',
  ].filter(Boolean).length;

  const columns = useMemo(
    () => rekapColumns({ idUkt, komponen: meta?.komponen ?? [], disahkan, onKoreksi: setKoreksi }),
    [idUkt, meta?.komponen, disahkan],
  );

  const rows = useMemo(() => cocok(rekap.data?.data ?? [], cari), [rekap.data, cari]);

  return (
    <section className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-xl font-bold">Rekap nilai</h1>
        {meta && (
          <span
            data-testid="status-kegiatan"
            className={`rounded-full px-3 py-1 text-sm font-bold ring-1 ${
              disahkan
                ? 'bg-green-100 text-green-900 ring-green-300'
                : 'bg-amber-100 text-amber-900 ring-amber-300'
            }`}
          >
            {disahkan ? 'Disahkan' : 'DRAF'}
          </span>
        )}
        {meta && (
          <ul className="flex flex-wrap gap-2 text-sm" aria-label="Jumlah per status">
            {(['Lulus', 'Tidak Lulus', 'Belum lengkap'] as const).map((status) => (
              <li key={status}>
                <button
                  type="button"
                  data-total={status}
                  aria-pressed={filter.status === status}
                  onClick={() => patch({ status: filter.status === status ? 'semua' : status })}
                  className="min-h-11 rounded-xl bg-white px-3 ring-1 ring-neutral-300 aria-pressed:ring-2 aria-pressed:ring-brand"
                >
                  {status}: <span className="font-bold tabular-nums">{meta.total[status]}</span>
                </button>
              </li>
            ))}
            {meta.mundur > 0 && (
              <li>
                <button
                  type="button"
                  data-total="Mundur"
                  aria-pressed={filter.status === 'Mundur'}
                  onClick={() => patch({ status: filter.status === 'Mundur' ? 'semua' : 'Mundur' })}
                  className="min-h-11 rounded-xl bg-white px-3 text-neutral-700 ring-1 ring-neutral-300 aria-pressed:ring-2 aria-pressed:ring-brand"
                >
                  Mundur: <span className="font-bold tabular-nums">{meta.mundur}</span>
                </button>
              </li>
            )}
          </ul>
        )}
        <span className="flex-1" />
        {idUkt && meta && (
          <>
            <Button variant="secondary" onClick={() => setSheet('aturan')}>
              Aturan kelulusan (v{meta.aturan_versi})
            </Button>
            {disahkan ? (
              <Button variant="danger" onClick={() => setSheet('batal')}>
                Batalkan pengesahan
              </Button>
            ) : (
              <Button onClick={() => setSheet('sahkan')} disabled={sahkan.isPending}>
                {sahkan.isPending ? 'Mengesahkan…' : 'Sahkan nilai'}
              </Button>
            )}
          </>
        )}
      </div>
      <Card className="p-3">
        <RekapToolbar
          kegiatan={
            <KegiatanSelect
              value={idUkt}
              onValue={(ukt) => {
                setIdUkt(ukt);
                setFilter(FIRST);
                setCari('');
              }}
            />
          }
          search={
            idUkt ? (
              <SearchBox
                value={cari}
                onSearch={setCari}
                placeholder="Cari nama atau nomor urut"
                label="Cari peserta"
                findKey
              />
            ) : null
          }
          active={active}
        >
          <RegionSelects levels={4} value={filter} onChange={(r) => patch(r)} empty="Semua" />
          <SelectField
            label="Status"
            value={filter.status}
            options={STATUS_OPTIONS}
            onValue={(status) => patch({ status: status as RekapFilter['status'] })}
          />
          <SelectField
            label="Urutkan"
            value={filter.urut}
            options={SORT_OPTIONS}
            onValue={(urut) => patch({ urut: urut as RekapFilter['urut'] })}
          />
          <SelectField
            label="Arah"
            value={filter.arah}
            options={[
              { value: 'naik', label: 'Naik (A–Z, kecil–besar)' },
              { value: 'turun', label: 'Turun (Z–A, besar–kecil)' },
            ]}
            onValue={(arah) => patch({ arah: arah as RekapFilter['arah'] })}
          />
        </RekapToolbar>
      </Card>

      {/* The exports and documents need only the event: drawn at once, not after the 2,000 rows. */}
      {idUkt && (
        <div className="flex flex-wrap items-start gap-2">
          {EXPORTS.map((e) => (
            <DownloadButton
              key={e.format}
              label={`Unduh ${e.label} rekap nilai`}
              download={() =>
                downloadFile(API.panitia.rekapEkspor.href(idUkt, e.format), `rekap-${idUkt}.${e.format}`)
              }
            >
              Unduh {e.label}
            </DownloadButton>
          ))}
          <div className="min-w-0 flex-1 basis-96">
            <DokumenKegiatan idUkt={idUkt} />
          </div>
        </div>
      )}

      {!idUkt ? (
        <Notice>Pilih kegiatan untuk melihat rekap nilainya.</Notice>
      ) : (
        <QueryView query={rekap}>
          {() =>
            rows.length === 0 ? (
              <Notice>
                {cari
                  ? 'Tidak ada peserta yang cocok dengan pencarian ini.'
                  : filter.status !== 'semua' || filter.id_perwapus
                    ? 'Tidak ada peserta yang cocok dengan filter ini.'
                    : 'Kegiatan ini belum punya peserta.'}
              </Notice>
            ) : (
              <DataTable
                label="Rekap nilai peserta"
                data={rows}
                columns={columns}
                columnClass={REKAP_COLUMN_CLASS}
                fill
                getRowId={(r) => r.id_siswa}
                rowAttributes={(r) => ({ 'data-id-siswa': r.id_siswa, 'data-status': r.status })}
              />
            )
          }
        </QueryView>
      )}

      {koreksi && (
        <Sheet title="Koreksi nilai" onClose={() => setKoreksi(null)}>
          <KoreksiForm
            idUkt={idUkt}
            row={koreksi}
            komponen={meta?.komponen ?? []}
            onDone={(message) => {
              setKoreksi(null);
              void showSuccess(message);
            }}
          />
        </Sheet>
      )}
      {sheet === 'aturan' && (
        <AturanSheet
          idUkt={idUkt}
          disahkan={disahkan}
          onClose={() => setSheet(null)}
          onDone={(message) => {
            setSheet(null);
            void showSuccess(message);
          }}
        />
      )}
      {sheet === 'sahkan' && (
        <Sheet title="Sahkan nilai kegiatan" onClose={() => setSheet(null)}>
          <SahkanForm
            idUkt={idUkt}
            onDone={(message) => {
              setSheet(null);
              void showSuccess(message);
            }}
          />
        </Sheet>
      )}
      {sheet === 'batal' && (
        <Sheet title="Batalkan pengesahan" onClose={() => setSheet(null)}>
          <BatalSahkanForm
            idUkt={idUkt}
            onDone={(message) => {
              setSheet(null);
              void showSuccess(message);
            }}
          />
        </Sheet>
      )}
    </section>
  );
}
