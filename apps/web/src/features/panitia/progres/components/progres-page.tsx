import type { KomponenKey } from '@ukt/core';
import { useState } from 'react';
import { Card } from '../../../../components/ui/card';
import { Notice } from '../../../../components/ui/notice';
import { DataTable } from '../../components/data-table';
import { KegiatanSelect, useKegiatanParam } from '../../components/kegiatan-select';
import { QueryView } from '../../components/query-view';
import { useProgres } from '../api/get-progres';
import { useLiveProgres } from '../api/use-live-progres';
import { BelumList } from './belum-list';
import { CadanganGagalWarning } from './cadangan-gagal-warning';
import { DitolakNotice } from './ditolak-notice';
import { LiveBadge } from './live-badge';
import { pengujiColumns } from './penguji-columns';
import { PosTable } from './pos-table';
import { ProgresChart } from './progres-chart';
import { WaGagalWarning } from './wa-gagal-warning';

/**
 * /panitia/progres?ukt=ID: an event's progress, live (DESIGN §10): per post and exam who is not
 * taken, taken, scored; per examiner their work and what their phone still holds; who still lacks
 * an exam. A take or score write on any phone shows here within seconds, without a reload.
 */
export function ProgresPage() {
  const [idUkt, setIdUkt] = useKegiatanParam();
  const progres = useProgres(idUkt);
  const live = useLiveProgres(idUkt);
  const [ujian, setUjian] = useState<KomponenKey | null>(null);

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">Progres</h1>
      <CadanganGagalWarning />
      <WaGagalWarning />
      <Card className="flex flex-col gap-3">
        <KegiatanSelect
          value={idUkt}
          onValue={(ukt) => {
            setIdUkt(ukt);
            setUjian(null);
          }}
        />
        {idUkt && <LiveBadge state={live.state} terakhir={live.terakhir} />}
      </Card>

      {!idUkt ? (
        <Notice>Pilih kegiatan untuk melihat progresnya.</Notice>
      ) : (
        <QueryView query={progres}>
          {(data) => (
            <div className="flex flex-col gap-4">
              <div className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
                <p>
                  <span className="font-semibold tabular-nums" data-testid="total-peserta">
                    {data.total_peserta}
                  </span>{' '}
                  peserta
                </p>
                <p title="Semua komponen yang dihitung aturan kelulusan sudah dinilai">
                  <span className="font-semibold tabular-nums" data-testid="peserta-lengkap">
                    {data.peserta_lengkap}
                  </span>{' '}
                  lengkap
                </p>
                <p title="Paling sedikit satu nilai, lengkap atau belum">
                  <span className="font-semibold tabular-nums" data-testid="peserta-ada-nilai">
                    {data.peserta_ada_nilai}
                  </span>{' '}
                  ada nilai
                </p>
                <p
                  data-testid="tertunda"
                  className={data.tertunda.nilai > 0 ? 'font-semibold text-amber-800' : ''}
                >
                  {data.tertunda.nilai > 0
                    ? `${data.tertunda.hp} HP masih menyimpan ${data.tertunda.nilai} nilai`
                    : 'Tidak ada nilai yang tertahan di HP'}
                </p>
                {data.disahkan && <p className="font-semibold text-green-800">Nilai sudah disahkan</p>}
              </div>
              <DitolakNotice penguji={data.penguji} />
              {data.total_peserta === 0 && (
                <Notice>Kegiatan ini belum punya peserta. Impor atau tambah di halaman Peserta.</Notice>
              )}
              <div className="grid gap-3 md:grid-cols-2">
                {data.pos.map((pos) => (
                  <PosTable key={pos.pos} pos={pos} onBelum={setUjian} />
                ))}
              </div>
              {ujian && <BelumList idUkt={idUkt} progres={data} ujian={ujian} onUjian={setUjian} />}
              {data.total_peserta > 0 && <ProgresChart progres={data} />}
              <h2 className="text-lg font-bold">Penguji</h2>
              {data.penguji.length === 0 ? (
                <Notice>Belum ada penguji yang mengambil atau menilai peserta kegiatan ini.</Notice>
              ) : (
                <DataTable
                  label="Penguji kegiatan"
                  data={data.penguji}
                  columns={pengujiColumns}
                  getRowId={(p) => p.id_pemilih}
                  rowAttributes={(p) => ({ 'data-id-pemilih': p.id_pemilih })}
                />
              )}
            </div>
          )}
        </QueryView>
      )}
    </section>
  );
}
