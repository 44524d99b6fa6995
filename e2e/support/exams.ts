import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ADMIN as ADMIN_EXAMINER } from './examiners';
import { expect } from './fixtures';
import { dismissDialog, loginAs } from './login';
import { ROOT, type TestServer } from './server';
import Database from './sqlite';

/** The demo admin examiner's number: sees every participant, so any row can be taken. */
export const ADMIN = ADMIN_EXAMINER.noWa;

/** Where a test's exam takes place. */
export interface ExamTarget {
  event: number;
  post: 1 | 2 | 3 | 4;
  path: string;
}

/** Signs in, opens the event and post, takes the n-th participant of the picker and opens the exam. */
export async function openExam(page: Page, target: ExamTarget, nth = 0): Promise<{ idSiswa: string }> {
  await loginAs(page, ADMIN, { event: target.event, post: target.post });
  let idSiswa = '';
  if (target.post !== 4) {
    const row = page.locator('li[data-id-siswa]').nth(nth);
    idSiswa = (await row.getAttribute('data-id-siswa')) ?? '';
    await row.getByRole('button', { name: /^Pilih / }).click();
    await expect(page.getByRole('button', { name: 'Ganti Peserta' })).toBeVisible();
  }
  await page.goto(target.path);
  return { idSiswa };
}

/** Answers the spec's Ya/Tidak confirmation with Ya. */
export async function confirmYa(page: Page, text: string | RegExp): Promise<void> {
  const dialog = page.locator('.swal2-popup');
  await expect(dialog).toContainText(text);
  await dialog.getByRole('button', { name: 'Ya' }).click();
}

/** Confirms 'Apakah anda yakin ingin menyelesaikan ujian?'. */
export const confirmFinish = (page: Page) => confirmYa(page, 'Apakah anda yakin ingin menyelesaikan ujian?');
/** Confirms 'Apakah anda yakin ingin mereset ujian?'. */
export const confirmReset = (page: Page) => confirmYa(page, 'Apakah anda yakin ingin mereset ujian?');

export { dismissDialog };

/** The stored score record of a participant, read back through the API with the page's access token. */
export async function readNilai(
  page: Page,
  query: { id_siswa: string; id_tingkat: number; id_ukt: number },
): Promise<Record<string, number | string | null>> {
  const token = (await page.context().cookies()).find((c) => c.name === 'token')?.value ?? '';
  const response = await page.request.get('/uktNEW/api/DataSiswa/NilaiSiswa', {
    params: { id_siswa: query.id_siswa, id_tingkat: query.id_tingkat, id_ukt: query.id_ukt },
    headers: { 'access-token': token },
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: Record<string, number | string | null> };
  return body.data;
}

/** The KESHAN answer key of a belt, straight from the server's database (never sent to the app). */
export function answerKey(server: TestServer, tingkat: number): { no: number; jawaban_benar: string }[] {
  const db = new Database(server.databaseUrl.replace(/^sqlite:/, ''), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    return db.prepare('SELECT no, jawaban_benar FROM soal WHERE id_tingkat = ? ORDER BY no').all(tingkat) as {
      no: number;
      jawaban_benar: string;
    }[];
  } finally {
    db.close();
  }
}

/** Runs the committee command line (`ukt …`) against a test server's database. */
export function runUkt(server: TestServer, args: string[]): Promise<string> {
  const env = { ...process.env, DATABASE_URL: server.databaseUrl, DATA_DIR: server.dataDir, UKT_ORG_ID: '1' };
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(ROOT, 'apps/server/dist/cli.js'), ...args],
      { cwd: ROOT, env },
      (e, out, err) =>
        e ? reject(new Error(`ukt ${args.join(' ')} failed: ${err || e.message}`)) : resolve(out),
    );
  });
}

/**
 * Adds an event of the given belt (the demo has only belts 1 and 4) with three participants, the
 * way a committee does it: through the `ukt import` command line.
 */
export async function importEvent(server: TestServer, idUkt: number, tingkat: number): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const events = join(server.dataDir, `events-${idUkt}.csv`);
  writeFileSync(
    events,
    `id_ukt,nama_ukt,nama_kegiatan,tanggal_tes,akhir_tes,id_tingkat\n${idUkt},UKT Tingkat ${tingkat},Ujian Uji,${today},${today},${tingkat}\n`,
  );
  const people = join(server.dataDir, `peserta-${idUkt}.csv`);
  writeFileSync(
    people,
    [
      'no_urut,nama,perwapus,cabang,ranting,rayon,provinsi',
      '1,Ahmad Pasang,Perwapus Uji,Cabang Uji,Ranting Uji,Rayon Uji,Jawa Timur',
      '2,Bagus Pasang,Perwapus Uji,Cabang Uji,Ranting Uji,Rayon Uji,Jawa Timur',
      '3,Citra Pasang,Perwapus Uji,Cabang Uji,Ranting Uji,Rayon Uji,Jawa Timur',
    ].join('\n'),
  );
  await runUkt(server, ['import', 'events', events]);
  await runUkt(server, ['import', 'participants', people, '--event', String(idUkt)]);
}
