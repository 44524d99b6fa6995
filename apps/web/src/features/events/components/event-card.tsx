import { beltName, formatTanggal, type Kegiatan, toBelt } from '@ukt/core';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** One event: names upper-cased, Indonesian date or range, belt in words, 'Pilih Kegiatan' (SPEC §2). */
export function EventCard({ event, onChoose }: { event: Kegiatan; onChoose: (event: Kegiatan) => void }) {
  return (
    <Card data-id-ukt={event.id_ukt} className="flex flex-col gap-3 border-l-4 border-brand">
      <div>
        <h2 className="text-base leading-snug font-bold">{event.nama_ukt.toUpperCase()}</h2>
        <p className="text-sm font-medium text-neutral-600">{event.nama_kegiatan.toUpperCase()}</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-neutral-500">Tanggal</dt>
        <dd className="font-medium">{formatTanggal(event.tanggal_tes, event.akhir_tes)}</dd>
        <dt className="text-neutral-500">Tingkat</dt>
        <dd className="font-medium">{beltName(toBelt(event.id_tingkat))}</dd>
      </dl>
      <Button onClick={() => onChoose(event)}>Pilih Kegiatan</Button>
    </Card>
  );
}
