import { API, type ImporJenis } from '@ukt/core';
import { apiGetFile } from '../../../../lib/api-client';

/**
 * GET /panitia/impor/{jenis}/templat: the kind's .xlsx template (header and an example row),
 * saved by the browser under the name the server gives it.
 */
export async function downloadTemplat(jenis: ImporJenis): Promise<string> {
  const { blob, filename } = await apiGetFile(API.panitia.imporTemplat.href(jenis));
  const name = filename ?? `templat-${jenis}.xlsx`;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; a later revoke keeps slow browsers safe.
  window.setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}
