import type { KomponenKey, Progres } from '@ukt/core';
import { Card } from '../../../../components/ui/card';

type Pos = Progres['pos'][number];

/** One post's exams with their counts; 'Belum dinilai' opens the list of who still lacks an exam. */
export function PosTable({ pos, onBelum }: { pos: Pos; onBelum: (ujian: KomponenKey) => void }) {
  return (
    <Card className="flex flex-col gap-2" data-pos={pos.pos}>
      <h3 className="font-semibold">{pos.nama}</h3>
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
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}
