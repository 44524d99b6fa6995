import { apiGetFile } from '../../../lib/api-client';

/**
 * GETs a file of the console's API (a template, an export, a PDF) and has the browser save it
 * under the name the server gives it (else `fallbackName`). Resolves to the saved name.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const { blob, filename } = await apiGetFile(path);
  const name = filename ?? fallbackName;
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
