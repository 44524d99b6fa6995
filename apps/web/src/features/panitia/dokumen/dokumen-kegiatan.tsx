import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { DownloadButton } from '../components/download-button';
import { QueryView } from '../components/query-view';
import { Sheet } from '../components/sheet';
import { downloadBeritaAcara, downloadPiagam } from './api/download-dokumen';
import { usePenandatanganKegiatan } from './api/penandatangan';
import { PenandatanganKegiatanForm } from './penandatangan-form';

/** The event's own signatories in a sheet, read when it opens. */
function PenandatanganSheet({ idUkt, onClose }: { idUkt: string; onClose: () => void }) {
  const query = usePenandatanganKegiatan(idUkt);
  return (
    <Sheet title="Penandatangan kegiatan ini" onClose={onClose}>
      <QueryView query={query}>
        {(data) => (
          <PenandatanganKegiatanForm
            idUkt={idUkt}
            initial={data.kegiatan}
            organisasi={data.organisasi}
            onDone={onClose}
          />
        )}
      </QueryView>
    </Sheet>
  );
}

/**
 * The documents of an event (DESIGN §11): the piagam of every participant who passed and the
 * berita acara, and who signs them for this event (docs/decisions/110). Until the event is
 * ratified both say DRAF, and the piagam carry no number or QR.
 */
export function DokumenKegiatan({ idUkt }: { idUkt: string | number }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <DownloadButton download={() => downloadPiagam(idUkt)} disabled={!idUkt}>
          PDF piagam
        </DownloadButton>
        <DownloadButton download={() => downloadBeritaAcara(idUkt)} disabled={!idUkt}>
          PDF berita acara
        </DownloadButton>
        <Button variant="secondary" onClick={() => setOpen(true)} disabled={!idUkt}>
          Penandatangan
        </Button>
      </div>
      <p className="text-xs text-neutral-600">
        Piagam hanya untuk peserta berstatus Lulus. Sebelum kegiatan disahkan, keduanya bertanda DRAF dan
        piagam belum bernomor atau ber-QR verifikasi.
      </p>
      {open && <PenandatanganSheet idUkt={String(idUkt)} onClose={() => setOpen(false)} />}
    </div>
  );
}
