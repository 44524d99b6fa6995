import { AUDIT_FIELD_LABELS, auditFieldLabel } from '@ukt/core';
import type { Option } from '../../components/field';

/** A field's label as the committee reads it ('nilai_jurus_plus' → 'Nilai tambahan JURUS'). */
export const fieldLabel = auditFieldLabel;

/** The fields offered by the audit page's filter, by name. */
export const FIELD_OPTIONS: Option[] = Object.entries(AUDIT_FIELD_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'id'));
