import { describe, expect, it } from 'vitest';
import {
  AUDIT_FIELD_LABELS,
  AUDIT_SCORE_FIELDS,
  auditFieldLabel,
  formatAuditNilai,
  KOMPONEN,
  KOMPONEN_NILAI,
} from '../src';

describe('the audit log’s field names', () => {
  it('names a score by the recap’s component name and its bonus as the examiner’s screen does', () => {
    expect(auditFieldLabel('nilai_kripen')).toBe('KRIPEN');
    expect(auditFieldLabel('nilai_kripen_plus')).toBe('Nilai tambahan KRIPEN');
    expect(auditFieldLabel('nilai_kshan')).toBe('KESHAN / KSHAN');
    expect(auditFieldLabel('nilai_pushup')).toBe('Push Up (jumlah)');
    expect(auditFieldLabel('sahkan')).toBe('Pengesahan');
  });

  it('has a name for every component’s field, none of them a field key', () => {
    for (const k of KOMPONEN) expect(AUDIT_FIELD_LABELS[KOMPONEN_NILAI[k.key].field]).toContain(k.label);
    for (const label of Object.values(AUDIT_FIELD_LABELS)) expect(label).not.toMatch(/_|^nilai /);
    // A field nobody named still reads as words, not as a key.
    expect(auditFieldLabel('nilai_baru_sekali')).not.toContain('_');
  });

  it('counts only the components’ own fields as scores, so a first 0 of a bonus is a default', () => {
    expect(AUDIT_SCORE_FIELDS).toContain('nilai_kripen');
    expect(AUDIT_SCORE_FIELDS).toContain('nilai_fisik2');
    expect(AUDIT_SCORE_FIELDS).not.toContain('nilai_kripen_plus');
    expect(AUDIT_SCORE_FIELDS).not.toContain('nilai_pushup');
  });
});

describe('the audit log’s values', () => {
  it('shows a score with two decimals as every score column does, a raw reading as counted', () => {
    expect(formatAuditNilai('nilai_kripen', 72.5)).toBe('72,50');
    expect(formatAuditNilai('nilai_kripen_plus', 2)).toBe('2,00');
    expect(formatAuditNilai('nilai_pushup2', 80)).toBe('80,00');
    expect(formatAuditNilai('nilai_pushup', 35)).toBe('35');
    expect(formatAuditNilai('nilai_mft', 7.5)).toBe('7,5');
    expect(formatAuditNilai('nilai_plank', null)).toBe('–');
  });
});
