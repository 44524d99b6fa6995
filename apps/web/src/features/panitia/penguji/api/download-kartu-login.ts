import { API } from '@ukt/core';
import { downloadFile } from '../../components/download-file';

/**
 * GET /panitia/penguji/kartu-login: login cards of the active examiners the search finds, or of
 * those assigned to one event, as a PDF. A card still unused and valid keeps its QR; the others
 * get a new single-use login link (docs/decisions/109).
 */
export function downloadKartuLogin(cari: string, idUkt: string): Promise<string> {
  return downloadFile(
    API.panitia.kartuLogin.href(cari, idUkt),
    idUkt ? `kartu-login-penguji-${idUkt}.pdf` : 'kartu-login-penguji.pdf',
  );
}
