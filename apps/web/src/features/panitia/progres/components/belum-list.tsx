import { type KomponenKey, komponenLabel, type Progres } from '@ukt/core';
import { useEffect, useRef, useState } from 'react';
import { Card } from '../../../../components/ui/card';
import { Pager } from '../../../../components/ui/pager';
import { SelectField } from '../../components/field';
import { QueryView } from '../../components/query-view';
import { NO_REGION, type Region, RegionSelects } from '../../components/region-selects';
import { type BelumQuery, useBelum } from '../api/get-belum';

/** Who still lacks one exam, 20 a page, with region filters; the exam is chosen on the post tables. */
export function BelumList({
  idUkt,
  progres,
  ujian,
  onUjian,
}: {
  idUkt: string;
  progres: Progres;
  ujian: KomponenKey;
  onUjian: (ujian: KomponenKey) => void;
}) {
  const [region, setRegion] = useState<Region>(NO_REGION);
  const [hal, setHal] = useState(1);
  const query: BelumQuery = { ujian, ...region, hal };
  const list = useBelum(idUkt, query);
  // Opened from a post's table, the list may start below the fold: it comes into view, its title focused.
  const title = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again each time another exam is chosen
  useEffect(() => {
    title.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    title.current?.focus({ preventScroll: true });
  }, [ujian]);
  const options = progres.pos.flatMap((p) =>
    p.ujian.map((u) => ({ value: u.key, label: `${u.label} (${p.nama})` })),
  );

  return (
    <Card className="flex flex-col gap-3" aria-label="Belum dinilai">
      <h2 ref={title} tabIndex={-1} className="scroll-mt-20 text-lg font-bold outline-none">
        Belum dinilai: {komponenLabel(ujian)}
      </h2>
      <div className="grid grid-cols-2 gap-2 lg:grid-cols-5">
        <SelectField
          label="Ujian"
          value={ujian}
          options={options}
          onValue={(value) => {
            onUjian(value as KomponenKey);
            setHal(1);
          }}
        />
        <RegionSelects
          levels={4}
          value={region}
          onChange={(r) => {
            setRegion(r);
            setHal(1);
          }}
          empty="Semua"
        />
      </div>
      <QueryView
        query={list}
        isEmpty={(page) => page.data.length === 0}
        empty={`Semua peserta sudah dinilai ${komponenLabel(ujian)}.`}
      >
        {(page) => (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-neutral-700">{page.meta.total} peserta belum dinilai</p>
            <ul className="divide-y divide-neutral-100" aria-label={`Belum dinilai ${komponenLabel(ujian)}`}>
              {page.data.map((row) => (
                <li
                  key={row.id_siswa}
                  data-id-siswa={row.id_siswa}
                  className="flex flex-wrap gap-x-3 py-2 text-sm"
                >
                  <span className="w-12 tabular-nums text-neutral-600">{row.no_urut}</span>
                  <span className="flex-1 font-medium">{row.nama}</span>
                  <span className="text-neutral-600">
                    {row.ranting}
                    {row.rayon ? ` · ${row.rayon}` : ''}
                  </span>
                  <span className="w-full pl-15 text-xs text-neutral-600">
                    {row.diambil_oleh ? `Sedang dipegang ${row.diambil_oleh}` : 'Belum diambil penguji'}
                  </span>
                </li>
              ))}
            </ul>
            {page.meta.total_pages > 1 && (
              <Pager hal={page.meta.hal} totalPages={page.meta.total_pages} onPage={setHal} />
            )}
          </div>
        )}
      </QueryView>
    </Card>
  );
}
