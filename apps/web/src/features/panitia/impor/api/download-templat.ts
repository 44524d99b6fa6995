import { API, type ImporJenis } from '@ukt/core';
import { downloadFile } from '../../components/download-file';

/** GET /panitia/impor/{jenis}/templat: the kind's .xlsx template (header and an example row). */
export function downloadTemplat(jenis: ImporJenis): Promise<string> {
  return downloadFile(API.panitia.imporTemplat.href(jenis), `templat-${jenis}.xlsx`);
}
