import { API, AturanLulus, defaultPassRule, type PassRule } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, body, DATABASES, type SignedInApp, startSignedIn } from '../../support/app';

// Pass-rule saves of one event sent together: each answer describes the version its own request
// stored, never one another request wrote meanwhile (on SQLite saves arriving together share one
// commit; on PostgreSQL two racing for one version make the second a 409).

const AturanResult = z.object({ success: z.literal(true), message: z.string(), data: AturanLulus });

/** The default rule with its own final minimum, so every request's rule is told apart. */
const ruleWith = (nilaiMinimum: number): PassRule => ({ ...defaultPassRule(1), nilai_minimum: nilaiMinimum });

describe.each(DATABASES)('concurrent pass-rule saves on %s', (kind) => {
  let s: SignedInApp;
  beforeAll(async () => {
    s = await startSignedIn(kind);
  });
  afterAll(async () => s.t.close());

  it('answers every save with the rule and version that request stored', async () => {
    const minimums = [61, 62, 63, 64, 65, 66, 67, 68];
    const answers = await Promise.all(
      minimums.map((m) => api(s.t, s.admin, 'PUT', API.panitia.aturan.href(1), ruleWith(m))),
    );
    const saved: { minimum: number; versi: number }[] = [];
    for (const [i, res] of answers.entries()) {
      if (res.statusCode === 409) {
        expect(body(res).message).toBe(
          'Aturan kelulusan baru saja diubah panitia lain. Muat ulang halaman lalu coba lagi.',
        );
        continue;
      }
      expect(res.statusCode, res.body).toBe(200);
      const { data, message } = AturanResult.parse(res.json());
      expect(data.aturan).toEqual(ruleWith(minimums[i] as number));
      expect(data.diubah_oleh).toBe('Budi Santoso');
      expect(message).toBe(`Aturan kelulusan versi ${data.versi} disimpan.`);
      saved.push({ minimum: minimums[i] as number, versi: data.versi });
    }
    expect(saved.length).toBeGreaterThan(0);
    if (kind === 'sqlite') expect(saved).toHaveLength(minimums.length);

    // What each answer claimed is what the database holds under that version.
    const stored = await s.t.app.db
      .selectFrom('aturan_lulus')
      .select(['versi', 'aturan'])
      .where('id_ukt', '=', 1)
      .orderBy('versi')
      .execute();
    expect(stored.map((r) => r.versi)).toEqual(saved.map((_, i) => i + 1));
    for (const { minimum, versi } of saved) {
      const row = stored.find((r) => r.versi === versi);
      expect(JSON.parse(row?.aturan ?? '{}').nilai_minimum, `versi ${versi}`).toBe(minimum);
    }
    const current = AturanResult.omit({ message: true }).parse(
      (await api(s.t, s.admin, 'GET', API.panitia.aturan.href(1))).json(),
    ).data;
    expect(current.versi).toBe(saved.length);
  });
});
