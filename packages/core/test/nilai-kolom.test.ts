import { describe, expect, it } from 'vitest';
import {
  AUDIT_FIELD_LABELS,
  AUDIT_SCORE_FIELDS,
  auditFieldLabel,
  EXAM_MARKS,
  EXAMS,
  FIELD_LABELS,
  fieldLabel,
  headerLabel,
  KOLOM_BARIS,
  KOMPONEN,
  KOMPONEN_DIHITUNG,
  KOMPONEN_NILAI,
  komponenTingkat,
  koreksiNilaiError,
  NILAI_FIELDS,
  NILAI_KOLOM,
  NilaiBody,
  NilaiRecord,
  PassRuleSchema,
  postFlagField,
  RENTANG_KOMPONEN,
} from '../src/index';

// The score columns are described once (docs/decisions/167): each derived piece is held to the
// list here, whatever the list holds, so a new entry is checked without a new test.

const base = { id_siswa: 1, id_ukt: 1, id_tingkat: 1 };

describe('the score columns, described once', () => {
  it("are today's components in the recap's order, each with its column", () => {
    expect(NILAI_KOLOM.map((k) => [k.key, k.kolom, k.label])).toEqual([
      ['keshan', 'nilai_kshan', 'KESHAN'],
      ['kshan', 'nilai_kshan', 'KSHAN'],
      ['jurus', 'nilai_jurus', 'JURUS'],
      ['senam', 'nilai_senam', 'SENAM'],
      ['belati', 'nilai_blati', 'BELATI'],
      ['pasang', 'nilai_pasang', 'PASANG'],
      ['toyak_senam', 'nilai_toyak_senam', 'SENAM TOYAK'],
      ['toyak_jurus', 'nilai_toyak_jurus', 'JURUS TOYAK'],
      ['kripen', 'nilai_kripen', 'KRIPEN'],
      ['fisik', 'nilai_fisik2', 'FISIK'],
      ['sambung', 'nilai_sambung', 'SAMBUNG'],
    ]);
  });

  it('name each component, hub link, mark and route once; only KESHAN and KSHAN share a column', () => {
    const unique = (xs: readonly unknown[]) => new Set(xs).size === xs.length;
    expect(unique(NILAI_KOLOM.map((k) => k.key))).toBe(true);
    expect(unique(NILAI_KOLOM.map((k) => k.ujian.path))).toBe(true);
    expect(unique(NILAI_KOLOM.map((k) => k.ujian.urut))).toBe(true);
    expect(unique(NILAI_KOLOM.map((k) => k.tanda.urut))).toBe(true);
    expect(unique(NILAI_KOLOM.map((k) => `${k.pos}:${k.tanda.huruf}`))).toBe(true);
    const shared = NILAI_KOLOM.filter((k) => NILAI_KOLOM.some((o) => o !== k && o.kolom === k.kolom));
    expect(shared.map((k) => k.key)).toEqual(['keshan', 'kshan']);
    expect(new Set(shared.map((k) => k.tingkat)).size).toBe(2);
  });

  it('give the pass rule, the recap and corrections their components, storage and ranges', () => {
    expect(KOMPONEN).toEqual(NILAI_KOLOM.map((k) => ({ key: k.key, label: k.label })));
    expect(KOMPONEN_DIHITUNG).toEqual(NILAI_KOLOM.filter((k) => k.dihitung).map((k) => k.key));
    for (const k of NILAI_KOLOM) {
      expect(KOMPONEN_NILAI[k.key]).toEqual({
        field: k.kolom,
        tingkat: k.tingkat,
        pos: postFlagField(k.pos),
      });
      expect(komponenTingkat(k.key, 3)).toBe(k.tingkat === 'kegiatan' ? 3 : k.tingkat);
      expect(RENTANG_KOMPONEN[k.key]).toEqual(k.rentang);
      expect(koreksiNilaiError(k.key, k.rentang.max + 1)).toMatch(new RegExp(`nilai ${k.kata}|${k.label}`));
      const rule = {
        komponen: [{ key: k.key, bobot: 1, minimum: null }],
        nilai_minimum: 60,
        predikat: [{ sampai: 100, nama: 'Baik' }],
      };
      expect(PassRuleSchema.safeParse(rule).success).toBe(k.dihitung);
    }
  });

  it('give the hub its links and the picker its marks, in their own orders', () => {
    const byHub = [...NILAI_KOLOM].sort((a, b) => a.ujian.urut - b.ujian.urut);
    expect(EXAMS.map((e) => [e.path, e.label, e.kat, e.kolom, e.komponen])).toEqual(
      byHub.map((k) => [k.ujian.path, k.ujian.label, k.pos, k.kolom, k.key]),
    );
    const byMark = [...NILAI_KOLOM].sort((a, b) => a.tanda.urut - b.tanda.urut);
    expect(EXAM_MARKS.map((m) => [m.key, m.huruf, m.post])).toEqual(
      byMark.map((k) => [k.key, k.tanda.huruf, k.pos]),
    );
  });

  it('name each column in messages, exports and the audit page by its component', () => {
    for (const k of NILAI_KOLOM) {
      expect(FIELD_LABELS[k.key]).toBe(k.label);
      expect(headerLabel(k.key)).toBe(k.label);
      expect(auditFieldLabel(k.kolom)).toContain(k.label);
      expect(AUDIT_SCORE_FIELDS).toContain(k.kolom);
      if (k.tambahan) {
        expect(auditFieldLabel(`${k.kolom}_plus`)).toMatch(/^Nilai tambahan /);
        expect(auditFieldLabel(`${k.kolom}_plus`)).toContain(k.label);
      }
    }
    expect(fieldLabel('nilai_blati_plus')).toBe('Nilai tambahan BELATI');
    expect(AUDIT_FIELD_LABELS.nilai_sambung_plus).toBeUndefined();
    expect(AUDIT_FIELD_LABELS.nilai_toyak).toBe('TOYAK');
  });

  it('keep every column but the physical average in the score record with its extra score, and the API takes each rows-and-bonus exam', () => {
    for (const k of NILAI_KOLOM) {
      if (k.kolom === 'nilai_fisik2') continue;
      expect(NILAI_FIELDS as readonly string[]).toContain(k.kolom);
      expect(Object.keys(NilaiRecord.shape)).toContain(`${k.kolom}_plus`);
    }
    expect(KOLOM_BARIS.sort()).toEqual(
      NILAI_KOLOM.filter((k) => k.ujian.isian === 'baris')
        .map((k) => k.kolom)
        .sort(),
    );
    for (const kolom of KOLOM_BARIS) {
      expect(NilaiBody.safeParse({ ...base, [kolom]: 72, [`${kolom}_plus`]: 2 }).success).toBe(true);
      expect(NilaiBody.safeParse({ ...base, [kolom]: 90, [`${kolom}_plus`]: 0 }).success).toBe(false);
    }
  });
});
