import { API } from '@ukt/core';
import { downloadFile } from '../../components/download-file';

/** GET /panitia/kegiatan/{id_ukt}/kartu-peserta: the event's cards (or one ranting's) as a PDF, 8 to a page. */
export function downloadKartuPeserta(idUkt: string, idRanting: string): Promise<string> {
  return downloadFile(
    API.panitia.kartuPeserta.href(idUkt, idRanting || undefined),
    `kartu-peserta-${idUkt}.pdf`,
  );
}
