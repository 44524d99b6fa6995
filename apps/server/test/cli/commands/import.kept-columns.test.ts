import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app';
import { runCli } from '../../../src/cli/run';
import type { Config } from '../../../src/config/env';
import { DATABASES, freshDatabaseUrl, testConfig } from '../../support/app';

// `ukt import participants` without the Provinsi column keeps every stored province and says so,
// as the console's preview does (docs/decisions/156).

describe.each(DATABASES)('ukt import keeps the columns a file does not carry on %s', (kind) => {
  let dir: string;
  let config: Config;
  let drop: (() => Promise<void>) | undefined;
  const out: string[] = [];
  const err: string[] = [];
  const ukt = (...args: string[]) =>
    runCli(args, config, { out: (l) => out.push(l), err: (l) => err.push(l) });
  const file = (name: string, lines: string[]) => {
    const path = join(dir, name);
    writeFileSync(path, `${lines.join('\n')}\n`);
    return path;
  };
  const provinces = async () => {
    const app = await buildApp(config);
    try {
      const rows = await app.db
        .selectFrom('siswa')
        .select(['no_urut', 'nama', 'provinsi'])
        .where('id_ukt', '=', 10)
        .orderBy('no_urut')
        .execute();
      return rows.map((r) => [r.no_urut, r.nama, r.provinsi]);
    } finally {
      await app.close();
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-kept-'));
    const database = await freshDatabaseUrl(kind, dir);
    drop = database.drop;
    config = testConfig(dir, database.url, { UKT_DEMO: '0', PUBLIC_URL: 'https://ukt.example' });
  });
  afterAll(async () => {
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints the kept columns and keeps the provinces; an empty Provinsi column empties them', async () => {
    const events = file('events.csv', [
      'id_ukt,nama_ukt,tanggal_tes,id_tingkat',
      '10,UKT Jambon,2026-12-01,2',
    ]);
    expect(await ukt('import', 'events', events)).toBe(0);
    expect(out.at(-1)).toBe(
      'Impor selesai: 1 baru, 0 diperbarui, 0 tidak berubah.\nKolom tidak ada di berkas, isi yang tersimpan tetap: Nama Kegiatan, Tanggal Akhir. Untuk mengosongkannya, tambahkan kolom itu dengan sel kosong.',
    );
    const header = 'no_urut,nama,perwapus,cabang,ranting,rayon';
    const full = file('peserta.csv', [
      `${header},provinsi`,
      '1,Ani Lestari,Perwapus A,Cabang A1,Ranting X,Rayon 1,Jawa Timur',
      '2,Bayu Nugroho,Perwapus A,Cabang A1,Ranting X,Rayon 1,Jawa Tengah',
    ]);
    expect(await ukt('import', 'participants', full, '--event', '10')).toBe(0);
    expect(out.at(-1)).toBe('Impor selesai: 2 baru, 0 diperbarui, 0 tidak berubah.');

    const names = file('nama.csv', [
      header,
      '1,Ani Lestari Putri,Perwapus A,Cabang A1,Ranting X,Rayon 1',
      '2,Bayu Nugroho,Perwapus A,Cabang A1,Ranting X,Rayon 1',
    ]);
    expect(await ukt('import', 'participants', names, '--event', '10')).toBe(0);
    expect(out.at(-1)).toBe(
      'Impor selesai: 0 baru, 1 diperbarui, 1 tidak berubah.\nKolom tidak ada di berkas, isi yang tersimpan tetap: Provinsi. Untuk mengosongkannya, tambahkan kolom itu dengan sel kosong.',
    );
    expect(await provinces()).toEqual([
      [1, 'Ani Lestari Putri', 'Jawa Timur'],
      [2, 'Bayu Nugroho', 'Jawa Tengah'],
    ]);

    const emptied = file('kosong.csv', [
      `${header},provinsi`,
      '1,Ani Lestari Putri,Perwapus A,Cabang A1,Ranting X,Rayon 1,',
    ]);
    expect(await ukt('import', 'participants', emptied, '--event', '10')).toBe(0);
    expect(out.at(-1)).toBe('Impor selesai: 0 baru, 1 diperbarui, 0 tidak berubah.');
    expect(await provinces()).toEqual([
      [1, 'Ani Lestari Putri', ''],
      [2, 'Bayu Nugroho', 'Jawa Tengah'],
    ]);
    expect(err).toEqual([]);
  });
});
