import { DownloadButton } from '../components/download-button';
import { downloadBeritaAcara, downloadPiagam } from './api/download-dokumen';

/**
 * The documents of an event (DESIGN §11): the piagam of every participant who passed and the
 * berita acara. Until the event is ratified both say DRAF, and the piagam carry no number or QR.
 */
export function DokumenKegiatan({ idUkt }: { idUkt: string | number }) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2">
        <DownloadButton download={() => downloadPiagam(idUkt)} disabled={!idUkt}>
          PDF piagam
        </DownloadButton>
        <DownloadButton download={() => downloadBeritaAcara(idUkt)} disabled={!idUkt}>
          PDF berita acara
        </DownloadButton>
      </div>
      <p className="text-xs text-neutral-600">
        Piagam hanya untuk peserta berstatus Lulus. Sebelum kegiatan disahkan, keduanya bertanda DRAF dan
        piagam belum bernomor atau ber-QR verifikasi.
      </p>
    </div>
  );
}
