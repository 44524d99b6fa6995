import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { runCli } from '../../src/cli/run';
import type { Config } from '../../src/config/env';
import { DATABASES, freshDatabaseUrl, testConfig } from '../support/app';

describe.each(DATABASES)('ukt command line on %s', (kind) => {
  let dir: string;
  let config: Config;
  let drop: (() => Promise<void>) | undefined;
  const out: string[] = [];
  const err: string[] = [];
  const ukt = (...args: string[]) =>
    runCli(args, config, { out: (l) => out.push(l), err: (l) => err.push(l) });
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-cli-'));
    const database = await freshDatabaseUrl(kind, dir);
    drop = database.drop;
    config = testConfig(dir, database.url, {
      UKT_DEMO: '0',
      PUBLIC_URL: 'https://ukt.example',
    });
  });
  afterAll(async () => {
    await drop?.();
    rmSync(dir, { recursive: true, force: true });
  });

  const events =
    'id_ukt,nama_ukt,nama_kegiatan,tanggal_tes,akhir_tes,id_tingkat\n10,UKT Jambon,Ujian Tingkat II,2026-12-01,,2\n11,UKT Hijau,Ujian Tingkat III,2026-12-05,2026-12-06,3\n';

  it('imports events, and a re-import changes nothing', async () => {
    const path = file('events.csv', events);
    expect(await ukt('import', 'events', path)).toBe(0);
    expect(out.at(-1)).toBe('Impor selesai: 2 baru, 0 diperbarui, 0 tidak berubah.');
    expect(await ukt('import', 'events', path)).toBe(0);
    expect(out.at(-1)).toBe('Impor selesai: 0 baru, 0 diperbarui, 2 tidak berubah.');
  });

  it('rejects a whole file for one bad row, naming line and column', async () => {
    const path = file(
      'participants-bad.csv',
      'no_urut,nama,perwapus,cabang,ranting,rayon,provinsi\n1,Ani,P1,C1,R1,Y1,Jawa Timur\n2,Budi,P1,,R1,Y1,Jawa Timur\nx,Cici,P1,C1,R1,Y1,\n',
    );
    expect(await ukt('import', 'participants', path, '--event', '10')).toBe(1);
    expect(err.at(-1)).toContain('baris 3, kolom Cabang: wajib diisi');
    expect(err.at(-1)).toContain('baris 4, kolom No. Urut: harus bilangan bulat');
    const app = await buildApp(config);
    try {
      const count = await app.db
        .selectFrom('siswa')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(0);
    } finally {
      await app.close();
    }
    expect(await ukt('import', 'participants', path, '--event', '99')).toBe(1);
    expect(err.at(-1)).toContain('Kegiatan dengan ID 99');
  });

  it('imports participants from .xlsx with regions created by name, idempotently', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Peserta');
    sheet.addRow(['no_urut', 'nama', 'perwapus', 'cabang', 'ranting', 'rayon', 'provinsi']);
    sheet.addRow([1, 'Ani Lestari', 'Perwapus A', 'Cabang A1', 'Ranting X', 'Rayon 1', 'Jawa Timur']);
    sheet.addRow([2, 'Bayu Nugroho', 'Perwapus A', 'Cabang A2', 'Ranting Y', 'Rayon 2', 'Jawa Timur']);
    sheet.addRow([3, 'Citra Dewi', 'Perwapus B', 'Cabang B1', 'Ranting Z', 'Rayon 3', 'Jawa Tengah']);
    const path = join(dir, 'peserta.xlsx');
    await workbook.xlsx.writeFile(path);
    expect(await ukt('import', 'participants', path, '--event', '10')).toBe(0);
    expect(out.at(-1)).toContain('3 baru');
    expect(await ukt('import', 'participants', path, '--event', '10')).toBe(0);
    expect(out.at(-1)).toContain('3 tidak berubah');
  });

  it('holds a file renaming an examined participant until --yakin-dinilai names as many', async () => {
    // #2 of event 10 has a KESHAN answer sheet: examined.
    const app = await buildApp(config);
    try {
      const bayu = await app.db
        .selectFrom('siswa')
        .select('id_siswa')
        .where('id_ukt', '=', 10)
        .where('no_urut', '=', 2)
        .executeTakeFirstOrThrow();
      await app.db
        .insertInto('keshan_jawaban')
        .values({ id_ukt: 10, id_siswa: bayu.id_siswa, id_tingkat: 2, id_soal: 1, jawaban: 'A' })
        .execute();
    } finally {
      await app.close();
    }
    const renamed = file(
      'peserta-ganti.csv',
      'no_urut,nama,perwapus,cabang,ranting,rayon,provinsi\n2,Bayu Nugraha,Perwapus A,Cabang A2,Ranting Y,Rayon 2,Jawa Timur\n',
    );
    expect(await ukt('import', 'participants', renamed, '--event', '10')).toBe(1);
    expect(err.at(-1)).toContain('Impor ditahan, tidak ada yang disimpan');
    expect(err.at(-1)).toContain('--yakin-dinilai 1');
    expect(await ukt('import', 'participants', renamed, '--event', '10', '--yakin-dinilai', '2')).toBe(1);
    expect(await ukt('export', 'results', '--event', '10', '--out', join(dir, 'sebelum.csv'))).toBe(0);
    expect(readFileSync(join(dir, 'sebelum.csv'), 'utf8')).toContain('Bayu Nugroho');
    expect(await ukt('import', 'participants', renamed, '--event', '10', '--yakin-dinilai', '1')).toBe(0);
    expect(out.at(-1)).toContain('1 diperbarui');
  });

  it('shows a running server the participants an import adds (cached list pages go stale)', async () => {
    const app = await buildApp(config);
    try {
      const admin = await app.db
        .insertInto('penguji')
        .values({
          id_organisasi: 1,
          no_wa: '6281300000001',
          nama: 'Admin Uji',
          id_perwapus: null,
          id_cabang: null,
          panitia: 'Admin',
          dewan: 1,
          img_profile: '',
          created_at: '',
        })
        .returning('id_pemilih')
        .executeTakeFirstOrThrow();
      const { openSession } = await import('../../src/modules/auth/session.service');
      const token = await openSession(app.db, app.secret, admin.id_pemilih, Date.now());
      const total = async () =>
        (
          await app.inject({
            url: '/uktNEW/api/DataSiswa/siswa?id_ukt=10',
            headers: { 'access-token': token },
          })
        ).json().meta.total;
      expect(await total()).toBe(3);
      const more = file(
        'peserta-tambahan.csv',
        'no_urut,nama,perwapus,cabang,ranting,rayon,provinsi\n4,Dedi Hartono,Perwapus A,Cabang A1,Ranting X,Rayon 1,Jawa Timur\n',
      );
      expect(await ukt('import', 'participants', more, '--event', '10')).toBe(0);
      expect(await total()).toBe(4);
    } finally {
      await app.close();
    }
  });

  it('imports examiners and questions, and makes single-use login links', async () => {
    const examiners = file(
      'penguji.csv',
      'no_wa,nama,perwapus,cabang,panitia,dewan\n0812 3456 7890,Rina Wulandari,Perwapus A,Cabang A1,Penguji,1\n+62 812-0000-1111,Hadi Kusuma,,,Admin,\n',
    );
    expect(await ukt('import', 'examiners', examiners)).toBe(0);
    expect(out.at(-1)).toContain('2 baru');
    const rows = Array.from(
      { length: 20 },
      (_, i) =>
        `${i + 1},"Soal ${i + 1}, tentang sikap?",A${i},B${i},C${i},D${i},${'abcd'[i % 4]?.toUpperCase()}`,
    );
    const questions = file('soal.csv', `no,soal_tanya,a,b,c,d,jawaban_benar\n${rows.join('\n')}\n`);
    expect(await ukt('import', 'questions', questions, '--tingkat', '2')).toBe(0);
    expect(out.at(-1)).toContain('20 baru');
    const badQ = file('soal-bad.csv', 'no,soal_tanya,a,b,c,d,jawaban_benar\n1,Tanya,a,b,c,d,e\n');
    expect(await ukt('import', 'questions', badQ, '--tingkat', '2')).toBe(1);
    expect(err.at(-1)).toContain('baris 2, kolom Kunci Jawaban');

    expect(await ukt('link', '081234567890', '--sabuk', '3')).toBe(0);
    const link = out.at(-1) as string;
    expect(link).toMatch(/^https:\/\/ukt\.example\/utss\/[A-Za-z0-9_-]{43}\?vard=3$/);
    const token = link.split('/utss/')[1]?.split('?')[0] as string;
    const app = await buildApp(config);
    try {
      const first = await app.inject({
        method: 'POST',
        url: '/uktNEW/api/auth/CEKDATA22/3',
        payload: { data: token },
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({
        success: true,
        Sabuk: '3',
        data: [{ nama_dpt: 'Rina Wulandari' }],
      });
      const again = await app.inject({
        method: 'POST',
        url: '/uktNEW/api/auth/CEKDATA',
        payload: { data: token },
      });
      expect(again.statusCode).toBe(401);
    } finally {
      await app.close();
    }
    expect(await ukt('link', '6289999999999')).toBe(1);
    expect(err.at(-1)).toContain('tidak terdaftar');
  });

  it('exports the recap of every participant as .csv, .xlsx and .pdf, marked DRAF', async () => {
    const csv = join(dir, 'hasil.csv');
    expect(await ukt('export', 'results', '--event', '10', '--out', csv)).toBe(0);
    expect(out.at(-1)).toBe(`4 peserta ditulis ke ${csv}`);
    const lines = readFileSync(csv, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('DRAF — belum disahkan panitia');
    // ';' between cells, for Excel on an Indonesian Windows (docs/decisions/137).
    expect(lines[1]).toMatch(/^No\. Urut;Nama;Perwapus;Cabang;Ranting;Rayon;KESHAN;KSHAN;JURUS;/);
    expect(lines[1]).toMatch(/;Nilai Akhir;Predikat;Status;Alasan$/);
    expect(lines).toHaveLength(6);
    expect(lines[2]).toContain('Ani Lestari;Perwapus A;Cabang A1');
    expect(lines[2]).toContain(';Belum lengkap;Belum dinilai: semua komponen');
    const xlsx = join(dir, 'hasil.xlsx');
    expect(await ukt('export', 'results', '--event', '10', '--out', xlsx)).toBe(0);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsx);
    // Five title lines, the header, four participants.
    expect(book.worksheets[0]?.rowCount).toBe(10);
    const pdf = join(dir, 'hasil.pdf');
    expect(await ukt('export', 'results', '--event', '10', '--out', pdf)).toBe(0);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await ukt('export', 'results', '--event', '10', '--out', join(dir, 'hasil.txt'))).toBe(1);
    expect(err.at(-1)).toContain('.xlsx, .csv atau .pdf');
  });

  it('explains its usage', async () => {
    expect(await ukt('help')).toBe(0);
    expect(out.at(-1)).toContain('import participants FILE --event ID');
    expect(await ukt('import', 'gajah', 'x.csv')).toBe(1);
  });
});
