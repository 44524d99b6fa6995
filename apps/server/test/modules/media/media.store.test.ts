import { randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, IMG } from '@ukt/core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { createBackup } from '../../../src/modules/backup/backup.service';
import { serverBackupSource } from '../../../src/modules/backup/backup-source';
import { restoreBackup } from '../../../src/modules/backup/restore.service';
import { CHUNK_BYTES, mediaFilesIn, readWhole } from '../../../src/modules/media/media.store';
import { moveMediaIntoDatabase } from '../../../src/modules/media/media-move';
import { ADMIN, DATABASES, freshSchema, startApp, type TestApp, testConfig } from '../../support/app';
import { multipart } from '../../support/multipart';

// Recordings and photos where every machine reads them (docs/decisions/164): on PostgreSQL a
// second server with a data folder of its own plays what the first stored, the files an earlier
// version left in DATA_DIR move into the database at start-up (checked, a bad one left and
// reported, a second run changing nothing), and backups carry them between SQLite and PostgreSQL
// both ways. On SQLite they stay files in DATA_DIR, as before.

const PG_URL = process.env.TEST_DATABASE_URL as string;
/** A WebM header and more bytes than one read of the database store takes. */
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(CHUNK_BYTES * 3 + 1234)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2_000)]);
const silent = { wait: true, send: async () => undefined };

async function uploadAudio(app: FastifyInstance, token: string, id_siswa: number, data: Buffer) {
  const { payload, headers } = multipart(
    { id_siswa: String(id_siswa), id_soal: '1', id_ukt: '1' },
    { name: 'audio', data },
  );
  return app.inject({
    method: 'POST',
    url: '/uktNEW/api/keshan/upload-audio',
    payload,
    headers: { ...headers, 'access-token': token },
  });
}

const playAudio = (app: FastifyInstance, token: string, id_siswa: number) =>
  app.inject({
    method: 'GET',
    url: `/uktNEW/api${API.keshanAudio.href(1, id_siswa, 1)}`,
    headers: { 'access-token': token },
  });

const photoOf = (app: FastifyInstance, token: string, id: number) =>
  app.inject({ method: 'GET', url: IMG.href(1, id), headers: { 'access-token': token } });

/** A second server on the database of `t`, with a data folder of its own (PostgreSQL) or the same (SQLite). */
async function secondServer(t: TestApp, kind: 'sqlite' | 'postgres', dataDir: string) {
  const url = kind === 'postgres' ? PG_URL : t.config.databaseUrl;
  const config = testConfig(kind === 'postgres' ? dataDir : t.config.dataDir, url);
  return buildApp(config, { pgSchema: t.pgSchema, otpSender: silent });
}

for (const kind of DATABASES) {
  describe(`media store on ${kind}`, () => {
    let t: TestApp;
    let admin: string;
    let other: FastifyInstance | undefined;
    const otherDir = mkdtempSync(join(tmpdir(), 'ukt-media-b-'));
    beforeAll(async () => {
      t = await startApp(kind);
      admin = await t.login(ADMIN);
    });
    afterAll(async () => {
      await other?.close();
      await t.close();
      rmSync(otherDir, { recursive: true, force: true });
    });

    it('plays through a second server the recording and photo stored through the first', async () => {
      const up = await uploadAudio(t.app, admin, 2, WEBM);
      expect(up.statusCode, up.body).toBe(200);
      await t.app.media.put('photos/4.jpg', JPEG, 'image/jpeg');
      other = await secondServer(t, kind, otherDir);

      const played = await playAudio(other, admin, 2);
      expect(played.statusCode, played.body.slice(0, 200)).toBe(200);
      expect(played.headers['content-type']).toBe('audio/webm');
      expect(played.rawPayload.equals(WEBM)).toBe(true);
      const photo = await photoOf(other, admin, 4);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      expect(photo.rawPayload.equals(JPEG)).toBe(true);

      // A new take through the second replaces the first one's, for both.
      const take2 = Buffer.concat([Buffer.from('OggS'), randomBytes(5_000)]);
      expect((await uploadAudio(other, admin, 2, take2)).statusCode).toBe(200);
      const again = await playAudio(t.app, admin, 2);
      expect(again.headers['content-type']).toBe('audio/ogg');
      expect(again.rawPayload.equals(take2)).toBe(true);

      // SQLite: files in DATA_DIR as before. PostgreSQL: rows, and no file on either machine.
      const files = [...(await mediaFilesIn(t.config.dataDir)), ...(await mediaFilesIn(otherDir))];
      if (kind === 'sqlite') {
        expect(files).toEqual(['audio/1/2-1.ogg', 'photos/4.jpg']);
        expect(readFileSync(join(t.config.dataDir, 'audio', '1', '2-1.ogg')).equals(take2)).toBe(true);
      } else {
        expect(files).toEqual([]);
        expect(await t.app.media.list()).toEqual(['audio/1/2-1.ogg', 'photos/4.jpg']);
      }
      expect((await playAudio(other, admin, 3)).statusCode).toBe(404);
    });

    it('keeps the upload checks: not audio is refused and stores nothing', async () => {
      const before = await t.app.media.list();
      const html = Buffer.from('<html><script>alert(1)</script></html>            ');
      const res = await uploadAudio(t.app, admin, 3, html);
      expect(res.statusCode).toBe(400);
      expect(await t.app.media.list()).toEqual(before);
      expect((await playAudio(t.app, admin, 3)).statusCode).toBe(404);
    });

    it('moves the files an earlier version left in DATA_DIR at start-up, checked, and leaves a bad one', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ukt-media-old-'));
      try {
        const good = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(10_000)]);
        const logo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), randomBytes(500)]);
        mkdirSync(join(dir, 'audio', '1'), { recursive: true });
        mkdirSync(join(dir, 'photos'), { recursive: true });
        mkdirSync(join(dir, 'organisasi', '1'), { recursive: true });
        writeFileSync(join(dir, 'audio', '1', '5-1.webm'), good);
        writeFileSync(join(dir, 'photos', '7.jpg'), JPEG);
        writeFileSync(join(dir, 'organisasi', '1', 'logo-0123456789ab.jpg'), logo);
        writeFileSync(join(dir, 'audio', '1', '6-1.webm'), ''); // damaged: nothing in it
        symlinkSync(join(dir, 'hilang.webm'), join(dir, 'audio', '1', '8-1.webm')); // unreadable
        writeFileSync(join(dir, 'secret.key'), 'not media');

        if (kind === 'sqlite') {
          // SQLite keeps files: a server on them moves nothing.
          const app = await buildApp(testConfig(dir, `sqlite:${join(dir, 'ukt.db')}`), { otpSender: silent });
          try {
            expect(existsSync(join(dir, 'audio', '1', '5-1.webm'))).toBe(true);
            const found = await app.media.open('audio/1/5-1.webm');
            expect(found && (await readWhole(found)).equals(good)).toBe(true);
          } finally {
            await app.close();
          }
          return;
        }

        // Interrupted before: one file already stored whole, its file still there.
        await t.app.media.put('photos/7.jpg', JPEG, 'image/jpeg');
        // Another machine stored other content under a name this folder also has.
        const newer = Buffer.concat([Buffer.from('OggS'), randomBytes(300)]);
        await t.app.media.put('audio/1/9-1.ogg', newer, 'audio/ogg');
        writeFileSync(
          join(dir, 'audio', '1', '9-1.ogg'),
          Buffer.concat([Buffer.from('OggS'), randomBytes(300)]),
        );

        const warnings: string[] = [];
        const log = { info: () => undefined, warn: (_: object, line: string) => void warnings.push(line) };
        const first = await moveMediaIntoDatabase(t.app.db, dir, { log });
        expect(first.moved).toEqual([
          'audio/1/5-1.webm',
          'organisasi/1/logo-0123456789ab.jpg',
          'photos/7.jpg',
        ]);
        expect(first.left.map((l) => l.name)).toEqual([
          'audio/1/6-1.webm',
          'audio/1/8-1.webm',
          'audio/1/9-1.ogg',
        ]);
        expect(first.left[0]?.reason).toContain('kosong');
        expect(first.left[1]?.reason).toContain('tidak dapat dibaca');
        expect(first.left[2]?.reason).toContain('isi lain');
        expect(warnings).toHaveLength(3);
        expect(warnings[0]).toContain('Berkas audio/1/6-1.webm tetap di folder data');
        // Moved ones are gone from the folder, the others stay; the row of the newer take is untouched.
        expect(await mediaFilesIn(dir)).toEqual(['audio/1/6-1.webm', 'audio/1/8-1.webm', 'audio/1/9-1.ogg']);
        expect(existsSync(join(dir, 'secret.key'))).toBe(true);
        const row = await t.app.media.open('audio/1/9-1.ogg');
        expect(row && (await readWhole(row)).equals(newer)).toBe(true);

        // Every machine plays what was moved.
        const played = await playAudio(other ?? t.app, admin, 5);
        expect(played.statusCode).toBe(200);
        expect(played.rawPayload.equals(good)).toBe(true);
        expect((await photoOf(t.app, admin, 7)).rawPayload.equals(JPEG)).toBe(true);

        // A second run changes nothing and reports the same files.
        const second = await moveMediaIntoDatabase(t.app.db, dir);
        expect(second.moved).toEqual([]);
        expect(second.left.map((l) => l.name)).toEqual(first.left.map((l) => l.name));

        // And a server starting on such a folder moves its files itself.
        const later = join(dir, 'mesin-c');
        mkdirSync(join(later, 'audio', '1'), { recursive: true });
        writeFileSync(join(later, 'audio', '1', '10-1.webm'), good);
        const app = await secondServer(t, kind, later);
        try {
          expect(await mediaFilesIn(later)).toEqual([]);
          expect((await playAudio(t.app, admin, 10)).rawPayload.equals(good)).toBe(true);
        } finally {
          await app.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

const pairs = DATABASES.flatMap((from) => DATABASES.map((to) => [from, to] as const));

describe.each(pairs)('a backup of %s restored into %s', (from, to) => {
  let t: TestApp;
  let restored: FastifyInstance | undefined;
  let dropTarget: (() => Promise<void>) | undefined;
  const target = mkdtempSync(join(tmpdir(), 'ukt-media-restore-'));
  beforeAll(async () => {
    t = await startApp(from);
  });
  afterAll(async () => {
    await restored?.close();
    await t.close();
    await dropTarget?.();
    rmSync(target, { recursive: true, force: true });
  });

  it('carries the recording and the photo, as files on SQLite and rows on PostgreSQL', async () => {
    const admin = await t.login(ADMIN);
    expect((await uploadAudio(t.app, admin, 2, WEBM)).statusCode).toBe(200);
    await t.app.media.put('photos/3.jpg', JPEG, 'image/jpeg');
    const { file, manifest } = await createBackup(serverBackupSource(t.app), { reason: 'manual' });
    expect(Object.keys(manifest.checksums)).toEqual(
      expect.arrayContaining(['data/audio/1/2-1.webm', 'data/photos/3.jpg']),
    );
    expect(Object.keys(manifest.counts)).not.toContain('berkas_media');

    let databaseUrl = `sqlite:${join(target, 'ukt.db')}`;
    let pgSchema: string | undefined;
    if (to === 'postgres') {
      const fresh = await freshSchema(PG_URL);
      pgSchema = fresh.schema;
      dropTarget = fresh.drop;
      databaseUrl = PG_URL;
    }
    const dataDir = join(target, 'data');
    await restoreBackup({ databaseUrl, dataDir, pgSchema }, file);
    if (to === 'sqlite') {
      expect(readFileSync(join(dataDir, 'audio', '1', '2-1.webm')).equals(WEBM)).toBe(true);
      expect(readFileSync(join(dataDir, 'photos', '3.jpg')).equals(JPEG)).toBe(true);
    } else {
      expect(await mediaFilesIn(dataDir)).toEqual([]);
    }
    const config = testConfig(dataDir, databaseUrl);
    restored = await buildApp(config, { pgSchema, otpSender: silent });
    expect(await restored.media.list()).toEqual(['audio/1/2-1.webm', 'photos/3.jpg']);
    const played = await playAudio(restored, admin, 2);
    expect(played.statusCode, played.body.slice(0, 200)).toBe(200);
    expect(played.rawPayload.equals(WEBM)).toBe(true);
    expect((await photoOf(restored, admin, 3)).rawPayload.equals(JPEG)).toBe(true);
  });
});
