import { BELTS } from '@ukt/core';
import type { Option } from './field';

/** The belt levels an event or a question set can have (1–4), named as core names them. */
export const TINGKAT_OPTIONS: readonly Option[] = BELTS.filter((b) => b.id <= 4).map((b) => ({
  value: String(b.id),
  label: `${b.id} · ${b.nama}`,
}));

/** The name of an event's belt level ('2' → '2 · Jambon Ke Hijau'). */
export function tingkatLabel(idTingkat: string | number): string {
  return TINGKAT_OPTIONS.find((o) => o.value === String(idTingkat))?.label ?? String(idTingkat);
}
