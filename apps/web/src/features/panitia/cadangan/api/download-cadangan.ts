import { API } from '@ukt/core';
import { downloadFile } from '../../components/download-file';

/** GET /panitia/cadangan/{name}: saves one backup archive under its own name. */
export function downloadCadangan(name: string): Promise<string> {
  return downloadFile(API.panitia.cadanganByName.href(name), name);
}
