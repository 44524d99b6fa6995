import type { Verifikasi } from '@ukt/core';
import { Card } from '../../../components/ui/card';

const STATUS_COLOURS: Record<string, string> = {
  Lulus: 'bg-green-100 text-green-900 ring-green-300',
  'Tidak Lulus': 'bg-red-100 text-red-900 ring-red-300',
};

/** A real piagam's public fields, the status as a badge. */
export function VerifikasiResultCard({ data }: { data: Verifikasi }) {
  const colours = STATUS_COLOURS[data.status] ?? 'bg-amber-100 text-amber-900 ring-amber-300';
  return (
    <Card className="flex flex-col gap-4" data-testid="verifikasi-hasil">
      <p className="flex items-center gap-2 text-sm font-semibold text-green-800">
        <span aria-hidden="true">✓</span> Piagam terdaftar
      </p>
      <dl className="grid gap-3">
        <div>
          <dt className="text-xs font-semibold uppercase text-neutral-500">Nama</dt>
          <dd className="text-lg font-bold break-words">{data.nama}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase text-neutral-500">Sabuk</dt>
          <dd>{data.sabuk}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase text-neutral-500">Kegiatan</dt>
          <dd className="break-words">{data.kegiatan}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase text-neutral-500">Status</dt>
          <dd>
            <span className={`inline-block rounded-full px-3 py-1 text-sm font-bold ring-1 ${colours}`}>
              {data.status}
            </span>
          </dd>
        </div>
      </dl>
    </Card>
  );
}
