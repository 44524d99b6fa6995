import { API, AuditList } from '@ukt/core';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { api, type TestApp } from './app';
import { multipart } from './multipart';
import { LULUS_SCORES, TIDAK_LULUS_SCORES, writeScores } from './scores';

// An exam day worth restoring (the backup tests, the restore drill): event 1 scored, corrected,
// ratified and certified, with a recording and a photo in DATA_DIR.

/** A recording as a phone uploads it (WebM's magic bytes, so the content check accepts it). */
export const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(300, 7)]);

/** Scores, a correction, a recording, a photo, ratification and certificates for event 1; answers the certificate codes. */
export async function fillExamDay(t: TestApp, admin: string): Promise<string[]> {
  await writeScores(t, admin, 1, 1, 1, LULUS_SCORES);
  await writeScores(t, admin, 1, 1, 2, TIDAK_LULUS_SCORES);
  await writeScores(t, admin, 1, 1, 3, { ...LULUS_SCORES, jurus: 84 });
  const koreksi = await api(t, admin, 'POST', API.panitia.koreksi.href(1), {
    id_siswa: 1,
    komponen: 'jurus',
    nilai: 78,
    alasan: 'Salah tekan di HP penguji',
  });
  expect(koreksi.statusCode, koreksi.body).toBe(200);
  const { payload, headers } = multipart(
    { id_siswa: '1', id_soal: '1', id_ukt: '1' },
    { name: 'audio', data: WEBM },
  );
  const upload = await t.app.inject({
    method: 'POST',
    url: '/uktNEW/api/keshan/upload-audio',
    payload,
    headers: { ...headers, 'access-token': admin },
  });
  expect(upload.statusCode, upload.body).toBe(200);
  // A photo where the server keeps them: DATA_DIR on SQLite, the media table on PostgreSQL.
  await t.app.media.put('photos/2.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]), 'image/jpeg');
  expect((await api(t, admin, 'POST', API.panitia.sahkan.href(1), {})).statusCode).toBe(200);
  expect((await api(t, admin, 'GET', API.panitia.piagam.href(1))).statusCode).toBe(200);
  const kodes = (await t.app.db.selectFrom('sertifikat').select('kode').execute()).map((r) => r.kode);
  expect(kodes.length).toBeGreaterThan(0);
  return kodes;
}

const get = (app: FastifyInstance, token: string, url: string) =>
  app.inject({ method: 'GET', url: `/uktNEW/api${url}`, headers: { 'access-token': token } });

/** Every page of the audit log of one event, as the console reads it. */
export async function auditOf(app: FastifyInstance, token: string, idUkt: number): Promise<string[]> {
  const pages: string[] = [];
  for (let hal = 1; ; hal++) {
    const res = await get(app, token, `${API.panitia.audit.href()}?id_ukt=${idUkt}&hal=${hal}`);
    expect(res.statusCode, res.body).toBe(200);
    pages.push(res.body);
    const { meta } = AuditList.parse(res.json());
    if (hal >= meta.total_pages) return pages;
  }
}

/**
 * The answers of event 1 a restore must reproduce byte for byte: its recap, its whole audit log,
 * its roster (the card codes signed with the server's secret) and every certificate check.
 */
export async function dayAnswers(app: FastifyInstance, token: string, kodes: string[]) {
  const rekap = await get(app, token, API.panitia.rekap.href(1));
  expect(rekap.statusCode, rekap.body).toBe(200);
  const roster = await get(app, token, `${API.siswaRoster.href()}?id_ukt=1`);
  expect(roster.statusCode, roster.body).toBe(200);
  const checks: string[] = [];
  for (const kode of kodes) {
    const res = await app.inject({ method: 'GET', url: `/uktNEW/api${API.verifikasi.href(kode)}` });
    checks.push(`${res.statusCode} ${res.body}`);
  }
  return { rekap: rekap.body, audit: await auditOf(app, token, 1), roster: roster.body, checks };
}
