import { IMPOR_MAX_BYTES } from '@ukt/core';

/** The largest import file, in whole megabytes, as the page states it. */
export const IMPOR_MAX_MB = Math.round(IMPOR_MAX_BYTES / (1024 * 1024));

/**
 * Why a file cannot be imported, checked before it is uploaded (a 20 MB upload on a venue's
 * line only to hear 'too large' wastes minutes); null when it may be sent.
 */
export function fileProblem(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return 'Pilih file .csv atau .xlsx.';
  if (file.size > IMPOR_MAX_BYTES) {
    const mb = (file.size / (1024 * 1024)).toFixed(1);
    return `File terlalu besar (${mb} MB). Paling besar ${IMPOR_MAX_MB} MB: bagi menjadi beberapa file.`;
  }
  return null;
}
