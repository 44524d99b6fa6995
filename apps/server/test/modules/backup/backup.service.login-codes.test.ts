import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '../../../src/modules/backup/backup.service';
import { serverBackupSource } from '../../../src/modules/backup/backup-source';
import { DATABASES, startApp, type TestApp } from '../../support/app';

// No backup carries login codes (docs/decisions/157): the file outbox the app writes (OTP_OUTBOX),
// and the outbox names of the server and of the venue launcher at the top of DATA_DIR, are left
// out of every archive, whoever takes it; everything else in DATA_DIR goes in as before.

describe.each(DATABASES)('a backup of a data folder with login codes (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(kind);
  });
  afterAll(() => t.close());

  it('has no entry for a code file, and keeps the other files', async () => {
    const data = t.config.dataDir;
    const code = `${JSON.stringify({ to: '6281100000002', code: '4321', text: 'Kode rahasia-uji 4321', at: new Date().toISOString() })}\n`;
    writeFileSync(join(data, 'kode-login.jsonl'), code);
    writeFileSync(join(data, 'otp-outbox.jsonl'), code);
    mkdirSync(join(data, 'foto'), { recursive: true });
    writeFileSync(join(data, 'foto', 'penguji.jpg'), 'jpeg');
    const { file } = await createBackup(serverBackupSource(t.app), { reason: 'manual' });
    const entries = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(entries).toContain('data/foto/penguji.jpg');
    expect(entries.filter((e) => /kode-login|otp-outbox/.test(e))).toEqual([]);
    expect(execFileSync('tar', ['-xzOf', file], { encoding: 'utf8' })).not.toContain('rahasia-uji');
  });
});
