import { formatNilai } from '@ukt/core';

/** A score as the recap shows it: '–' when not scored (never 0), else up to two decimals in Indonesian style. */
export function nilaiText(nilai: number | null | undefined): string {
  if (nilai === null || nilai === undefined) return '–';
  return formatNilai(nilai);
}
