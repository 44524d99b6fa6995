import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { API, METRICS_PATH } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupName } from '../../../src/modules/backup/backup.service';
import {
  insertWaPesan,
  markWaGagal,
  markWaTerkirim,
} from '../../../src/modules/whatsapp/wa-pesan.repository';
import { api, body, DATABASES, startApp, startSignedIn, type TestApp } from '../../support/app';

// /metrics for an organisation that watches its server (docs/decisions/163): off unless
// METRICS_TOKEN is set; then for that bearer token or a committee admin, Prometheus's text.

const TOKEN = 'metrik-rahasia-0123456789abcdef0123';

/** The value of a sample line `name{labels} value`, or undefined when the text has none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((p) => [p[1], p[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe.each(DATABASES)('/metrics (%s)', (kind) => {
  describe('without METRICS_TOKEN', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp(kind);
    });
    afterAll(() => t.close());

    it('is not there, even for a committee admin', async () => {
      const admin = await t.login('6281100000001');
      for (const headers of [{}, { 'access-token': admin }, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers });
        expect(res.statusCode).toBe(404);
        expect(body(res)).toMatchObject({ success: false, message: 'Alamat tidak ditemukan.' });
      }
    });
  });

  describe('with METRICS_TOKEN', () => {
    let t: TestApp;
    let admin: string;
    let siti: string;
    const scrape = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: METRICS_PATH,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    beforeAll(async () => {
      ({ t, admin, siti } = await startSignedIn(kind, { METRICS_TOKEN: TOKEN }));
    });
    afterAll(() => t.close());

    it('answers the token and a committee admin; refuses no token, a wrong one and an examiner', async () => {
      const get = (headers: Record<string, string>) =>
        t.app.inject({ method: 'GET', url: METRICS_PATH, headers });
      const bearer = await get({ authorization: `Bearer ${TOKEN}` });
      expect(bearer.statusCode).toBe(200);
      expect(bearer.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(bearer.body).toContain('# TYPE ukt_http_request_duration_seconds histogram');
      expect((await get({ 'access-token': admin })).statusCode).toBe(200);

      const none = await get({});
      expect(none.statusCode).toBe(401);
      const wrong = await get({ authorization: `Bearer ${TOKEN}x` });
      expect(wrong.statusCode).toBe(401);
      expect(body(wrong).message).toContain('METRICS_TOKEN');
      expect((await get({ authorization: TOKEN })).statusCode).toBe(401);
      const examiner = await get({ 'access-token': siti });
      expect(examiner.statusCode).toBe(403);
      expect(body(examiner).message).toBe(
        'Halaman panitia hanya untuk admin panitia. Minta panitia memberi Anda akses.',
      );
    });

    it('counts requests by route pattern and status class in a histogram', async () => {
      const health = { method: 'GET', route: '/uktNEW/api/health', status: '2xx' };
      const before = sample(await scrape(), 'ukt_http_request_duration_seconds_count', health) ?? 0;
      for (let i = 0; i < 3; i++)
        expect((await api(t, undefined, 'GET', API.health.href())).statusCode).toBe(200);
      await api(t, siti, 'GET', '/tidak-ada-di-sini');
      await api(t, undefined, 'GET', API.kegiatan.href());
      const text = await scrape();
      expect(sample(text, 'ukt_http_request_duration_seconds_count', health)).toBe(before + 3);
      expect(sample(text, 'ukt_http_request_duration_seconds_bucket', { ...health, le: '+Inf' })).toBe(
        before + 3,
      );
      expect(sample(text, 'ukt_http_request_duration_seconds_sum', health)).toBeGreaterThan(0);
      expect(text).not.toContain('tidak-ada-di-sini');
      // An address no route answers is one series, whatever was typed; a refusal is its route's 4xx.
      expect(
        sample(text, 'ukt_http_request_duration_seconds_count', {
          method: 'GET',
          route: 'lain',
          status: '4xx',
        }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        sample(text, 'ukt_http_request_duration_seconds_count', {
          method: 'GET',
          route: '/uktNEW/api/DataSiswa/UKT',
          status: '4xx',
        }),
      ).toBe(1);
      // Buckets are cumulative: each at least the one before it.
      const buckets = text
        .split('\n')
        .filter((l) =>
          l.startsWith(
            'ukt_http_request_duration_seconds_bucket{method="GET",route="/uktNEW/api/health",status="2xx"',
          ),
        )
        .map((l) => Number(l.split(' ').at(-1)));
      expect(buckets.length).toBe(12);
      expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
    });

    it('counts a score written by an examiner and a correction by the committee', async () => {
      const before = await scrape();
      const nilai = sample(before, 'ukt_nilai_writes_total', { jenis: 'nilai' }) ?? -1;
      const koreksi = sample(before, 'ukt_nilai_writes_total', { jenis: 'koreksi' }) ?? -1;
      const write = await api(t, siti, 'POST', API.nilai.href(), {
        id_siswa: 1,
        id_ukt: 1,
        id_tingkat: 1,
        nilai_senam: 70,
        nilai_senam_plus: 0,
      });
      expect(write.statusCode, write.body).toBe(200);
      // A refused write is not counted.
      const refused = await api(t, siti, 'POST', API.nilai.href(), {
        id_siswa: 1,
        id_ukt: 1,
        id_tingkat: 1,
        nilai_senam: 'x',
      });
      expect(refused.statusCode).toBe(400);
      const corrected = await api(t, admin, 'POST', API.panitia.koreksi.href(1), {
        id_siswa: 1,
        komponen: 'senam',
        nilai: 71,
        alasan: 'Nilai senam dikoreksi',
      });
      expect(corrected.statusCode, corrected.body).toBe(200);
      const after = await scrape();
      expect(sample(after, 'ukt_nilai_writes_total', { jenis: 'nilai' })).toBe(nilai + 1);
      expect(sample(after, 'ukt_nilai_writes_total', { jenis: 'koreksi' })).toBe(koreksi + 1);
    });

    it("shows the WhatsApp outbox's messages per state as the table holds them", async () => {
      const now = t.app.clock();
      const pesan = (noWa: string) => ({
        noWa,
        idPemilih: null,
        jenis: 'kode',
        isi: 'Kode 1234',
        kode: null,
        gateway: 'fonnte',
        kedaluwarsaAt: null,
      });
      const a = await insertWaPesan(t.app.db, pesan('6281200000001'), now);
      const b = await insertWaPesan(t.app.db, pesan('6281200000002'), now);
      await insertWaPesan(t.app.db, pesan('6281200000003'), now);
      await insertWaPesan(t.app.db, pesan('6281200000004'), now);
      await markWaTerkirim(t.app.db, a, 1, undefined, now);
      await markWaGagal(t.app.db, b, 4, 'nomor tidak terdaftar', now);
      const rows = await t.app.db.selectFrom('wa_pesan').select('status').execute();
      const table = (status: string) => rows.filter((r) => r.status === status).length;
      const text = await scrape();
      for (const status of ['antre', 'terkirim', 'gagal']) {
        expect(sample(text, 'ukt_wa_pesan', { status }), status).toBe(table(status));
      }
      expect(sample(text, 'ukt_wa_pesan', { status: 'antre' })).toBeGreaterThanOrEqual(2);
    });

    it('gives the age of the newest backup in seconds, and none while there is no backup', async () => {
      expect(await scrape()).not.toMatch(/^ukt_cadangan_age_seconds /m);
      const now = t.app.clock();
      const older = Math.floor(now / 1000) * 1000 - 7_200_000;
      const newer = older + 3_600_000;
      mkdirSync(t.config.backup.dir, { recursive: true });
      writeFileSync(join(t.config.backup.dir, backupName(older, 'jadwal', false)), 'x');
      writeFileSync(join(t.config.backup.dir, backupName(newer, 'manual', false)), 'x');
      // One being written is no backup yet.
      writeFileSync(join(t.config.backup.dir, `${backupName(now, 'manual', false)}.sebagian`), 'x');
      expect(sample(await scrape(), 'ukt_cadangan_age_seconds')).toBe(Math.floor((now - newer) / 1000));
    });
  });
});
