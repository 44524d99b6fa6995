import { API } from '@ukt/core';
import { downloadFile } from '../../components/download-file';

/** GET /panitia/kegiatan/{id_ukt}/piagam: the piagam of every participant who passed, as a PDF. */
export function downloadPiagam(idUkt: string | number): Promise<string> {
  return downloadFile(API.panitia.piagam.href(idUkt), `piagam-${idUkt}.pdf`);
}

/** GET /panitia/kegiatan/{id_ukt}/berita-acara: the event's minutes as a PDF. */
export function downloadBeritaAcara(idUkt: string | number): Promise<string> {
  return downloadFile(API.panitia.beritaAcara.href(idUkt), `berita-acara-${idUkt}.pdf`);
}
