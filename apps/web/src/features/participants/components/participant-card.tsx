import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SyncMark, type SyncMarkValue } from '../../../components/ui/sync-mark';
import type { Participant } from '../../../lib/session';

/** The chosen participant with 'Kembali' and 'Ganti Peserta' (SPEC §2). */
export function ParticipantCard({
  participant,
  mark = null,
  onBack,
  onChange,
}: {
  participant: Participant;
  /** Whether this participant's writes wait on the phone or have all been received. */
  mark?: SyncMarkValue;
  onBack: () => void;
  onChange: () => void;
}) {
  const place = [participant.nama_ranting, participant.nama_rayon].filter(Boolean).join(' · ');
  return (
    <Card className="flex flex-col gap-3" aria-label="Peserta">
      <div className="flex items-start gap-3">
        {participant.no_urut && (
          <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand text-lg font-bold text-on-brand">
            {participant.no_urut}
          </span>
        )}
        <div className="min-w-0">
          <p className="flex items-center gap-2 text-xs font-medium text-neutral-500">
            Peserta <SyncMark mark={mark} />
          </p>
          <p className="text-lg leading-tight font-bold">{participant.nama}</p>
          <p className="text-sm text-neutral-600">{participant.cabang}</p>
          {place && <p className="text-sm text-neutral-600">{place}</p>}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={onBack}>
          Kembali
        </Button>
        <Button variant="secondary" onClick={onChange}>
          Ganti Peserta
        </Button>
      </div>
    </Card>
  );
}
