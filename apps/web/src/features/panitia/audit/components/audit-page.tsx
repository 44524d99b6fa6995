import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '../../../../components/ui/card';
import { SelectField, TextField } from '../../components/field';
import { KegiatanSelect } from '../../components/kegiatan-select';
import { PagedTable } from '../../components/paged-table';
import { QueryView } from '../../components/query-view';
import { SearchBox } from '../../components/search-box';
import { type AuditFilter, useAudit } from '../api/get-audit';
import { auditColumns } from './audit-columns';
import { FIELD_OPTIONS } from './audit-fields';
import { PengujiFilter } from './penguji-filter';

/** A chosen filter as a removable chip. */
function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <span className="inline-flex min-h-9 items-center gap-1 rounded-full bg-neutral-100 pr-1 pl-3 text-sm ring-1 ring-neutral-300">
      {label}
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Hapus filter ${label}`}
        className="inline-flex size-8 items-center justify-center rounded-full hover:bg-neutral-200"
      >
        ✕
      </button>
    </span>
  );
}

/** A datetime-local value as an ISO time, '' when empty or unreadable. */
const iso = (local: string) => {
  const d = new Date(local);
  return local && !Number.isNaN(d.getTime()) ? d.toISOString() : '';
};

/**
 * /panitia/audit: every change of a score, newest first (DESIGN §10): who, when, field, old,
 * new, reason and source, filtered by event, participant, examiner, field and time. The recap's
 * 'Riwayat' opens it for one participant (?ukt=&siswa=&nama=).
 */
export function AuditPage() {
  const [params] = useSearchParams();
  const [filter, setFilter] = useState<AuditFilter>({
    id_ukt: params.get('ukt') ?? '',
    id_siswa: params.get('siswa') ?? '',
    id_pemilih: '',
    field: '',
    dari: '',
    sampai: '',
    hal: 1,
    cari: '',
    bawaan: '0',
  });
  const [namaSiswa, setNamaSiswa] = useState(params.get('nama') ?? '');
  const [namaPenguji, setNamaPenguji] = useState('');
  const [waktu, setWaktu] = useState({ dari: '', sampai: '' });
  const log = useAudit(filter);
  const patch = (p: Partial<AuditFilter>) => setFilter((f) => ({ ...f, ...p, hal: 1 }));

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">Audit perubahan nilai</h1>
      <Card className="flex flex-col gap-3">
        <div className="grid grid-cols-1 gap-2 md:grid-cols-2 lg:grid-cols-[minmax(16rem,2fr)_1fr_1fr_1fr]">
          <KegiatanSelect value={filter.id_ukt} onValue={(id_ukt) => patch({ id_ukt })} />
          <SelectField
            label="Nilai"
            value={filter.field}
            empty="Semua nilai"
            options={FIELD_OPTIONS}
            onValue={(field) => patch({ field })}
          />
          <TextField
            label="Dari"
            type="datetime-local"
            value={waktu.dari}
            onValue={(dari) => {
              setWaktu((w) => ({ ...w, dari }));
              patch({ dari: iso(dari) });
            }}
          />
          <TextField
            label="Sampai"
            type="datetime-local"
            value={waktu.sampai}
            onValue={(sampai) => {
              setWaktu((w) => ({ ...w, sampai }));
              patch({ sampai: iso(sampai) });
            }}
          />
        </div>
        {!filter.id_siswa && (
          <SearchBox
            value={filter.cari}
            onSearch={(cari) => patch({ cari })}
            placeholder="Cari peserta: nama atau nomor urut"
            label="Cari peserta"
            findKey
          />
        )}
        {!filter.id_pemilih && (
          <PengujiFilter
            onPick={(p) => {
              setNamaPenguji(p.nama);
              patch({ id_pemilih: p.id });
            }}
          />
        )}
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium">
          <input
            type="checkbox"
            checked={filter.bawaan === '1'}
            onChange={(e) => patch({ bawaan: e.target.checked ? '1' : '0' })}
            className="size-5 accent-brand"
          />
          Tampilkan juga nilai bawaan (0) yang terisi sendiri saat nilai pertama disimpan
        </label>
        {(filter.id_siswa || filter.id_pemilih) && (
          <div className="flex flex-wrap gap-2">
            {filter.id_siswa && (
              <Chip
                label={`Peserta: ${namaSiswa || filter.id_siswa}`}
                onRemove={() => {
                  setNamaSiswa('');
                  patch({ id_siswa: '' });
                }}
              />
            )}
            {filter.id_pemilih && (
              <Chip
                label={`Penguji: ${namaPenguji}`}
                onRemove={() => {
                  setNamaPenguji('');
                  patch({ id_pemilih: '' });
                }}
              />
            )}
          </div>
        )}
      </Card>
      <QueryView
        query={log}
        isEmpty={(page) => page.data.length === 0}
        empty="Belum ada perubahan nilai yang cocok dengan filter ini."
      >
        {(page) => (
          <PagedTable
            label="Log audit"
            columns={auditColumns}
            getRowId={(r) => r.id}
            rowAttributes={(r) => ({ 'data-sumber': r.sumber, 'data-field': r.field })}
            page={page}
            noun="perubahan"
            onPage={(hal) => setFilter((f) => ({ ...f, hal }))}
          />
        )}
      </QueryView>
    </section>
  );
}
