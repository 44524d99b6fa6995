import { API } from '@ukt/core';
import { downloadFile } from '../../components/download-file';

/**
 * GET /panitia/penguji/kartu-login: login cards of the active examiners the search finds, as a
 * PDF; every card holds a fresh single-use login link.
 */
export function downloadKartuLogin(cari: string): Promise<string> {
  return downloadFile(API.panitia.kartuLogin.href(cari), 'kartu-login-penguji.pdf');
}
