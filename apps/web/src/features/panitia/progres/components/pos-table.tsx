import type { KomponenKey, Progres } from '@ukt/core';
import { Card } from '../../../../components/ui/card';

type Pos = Progres['pos'][number];
type Ujian = Pos['ujian'][number];

/** Whole per cent scored, rounded down: 100 only when every participant is scored. */
const persen = (dinilai: number, semua: number) => (semua === 0 ? 0 : Math.floor((dinilai * 100) / semua));
const semuaDari = (u: Ujian) => u.belum_diambil + u.diambil + u.dinilai;

/** A bar and its figure; the bar is a progressbar for screen readers, named by `label`. */
function Bar({ nilai, label, tebal = false }: { nilai: number; label: string; tebal?: boolean }) {
  return (
    <span className="flex items-center gap-2">
      <span
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={nilai}
        className={`block flex-1 overflow-hidden rounded-full bg-neutral-200 ${tebal ? 'h-2.5' : 'h-1.5'}`}
      >
        <span
          className={`block h-full rounded-full ${nilai === 100 ? 'bg-green-700' : 'bg-brand-dark'}`}
          style={{ width: `${nilai}%` }}
        />
      </span>
      <span className="w-10 text-right tabular-nums">{nilai}%</span>
    </span>
  );
}

/** One post's exams with their counts; 'Belum dinilai' opens the list of who still lacks an exam. */
export function PosTable({ pos, onBelum }: { pos: Pos; onBelum: (ujian: KomponenKey) => void }) {
  return (
    <Card className="flex flex-col gap-2" data-pos={pos.pos}>
      <div className="flex flex-col gap-1">
        <h3 className="font-semibold">{pos.nama}</h3>
        <div className="text-sm font-semibold" data-testid="persen-pos">
          <Bar
            tebal
            nilai={persen(
              pos.ujian.reduce((n, u) => n + u.dinilai, 0),
              pos.ujian.reduce((n, u) => n + semuaDari(u), 0),
            )}
            label={`${pos.nama} dinilai`}
          />
        </div>
      </div>
      <table className="w-full text-left text-sm" aria-label={`Progres ${pos.nama}`}>
        <thead className="text-xs text-neutral-600">
          <tr>
            <th scope="col" className="py-1 font-semibold">
              Ujian
            </th>
            <th scope="col" className="py-1 pl-2 text-right font-semibold">
              Belum diambil
            </th>
            <th scope="col" className="py-1 pl-2 text-right font-semibold">
              Diambil
            </th>
            <th scope="col" className="py-1 pl-2 text-right font-semibold">
              Dinilai
            </th>
            <th scope="col" className="w-32 py-1 pl-3 font-semibold">
              Selesai
            </th>
          </tr>
        </thead>
        <tbody>
          {pos.ujian.map((u) => (
            <tr key={u.key} data-ujian={u.key} className="border-t border-neutral-100">
              <th scope="row" className="py-1 font-medium">
                <button
                  type="button"
                  onClick={() => onBelum(u.key)}
                  className="min-h-9 text-left underline decoration-neutral-300 underline-offset-2 hover:decoration-brand"
                  aria-label={`Lihat yang belum dinilai ${u.label}`}
                >
                  {u.label}
                </button>
              </th>
              <td className="py-1 pl-2 text-right tabular-nums" data-kolom="belum_diambil">
                {u.belum_diambil}
              </td>
              <td className="py-1 pl-2 text-right tabular-nums" data-kolom="diambil">
                {u.diambil}
              </td>
              <td className="py-1 pl-2 text-right font-semibold tabular-nums" data-kolom="dinilai">
                {u.dinilai}
              </td>
              <td className="py-1 pl-3" data-kolom="persen">
                <Bar nilai={persen(u.dinilai, semuaDari(u))} label={`${u.label} dinilai`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
