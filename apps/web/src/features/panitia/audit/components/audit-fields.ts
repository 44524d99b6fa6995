import { KOMPONEN, KOMPONEN_NILAI } from '@ukt/core';
import type { Option } from '../../components/field';

/** The audit's field names as the committee reads them: the recap's component labels, and ratification. */
const LABELS: Record<string, string> = {
  ...Object.fromEntries(
    KOMPONEN.map((k) => [
      KOMPONEN_NILAI[k.key].field,
      k.key === 'keshan' || k.key === 'kshan' ? 'KESHAN / KSHAN' : k.label,
    ]),
  ),
  sahkan: 'Pengesahan',
};

/** A field's label, or the field itself (the physical exam's separate readings). */
export function fieldLabel(field: string): string {
  return LABELS[field] ?? field;
}

/** The fields offered by the audit page's filter. */
export const FIELD_OPTIONS: Option[] = Object.entries(LABELS).map(([value, label]) => ({ value, label }));
