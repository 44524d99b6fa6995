import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/env';
import { ADMIN, api, DATABASES, SITI, startSignedIn, type TestApp } from '../../support/app';
import { scorePaperFixture } from '../../support/scores';

// Paper and files as an Indonesian committee opens them (issue 32): the recap's CSV read the way
// Excel on an Indonesian Windows reads it (list separator ';', decimal comma, UTF-8 by its BOM),
// and times printed in the organisation's time zone (UKT_ZONA_WAKTU: WIB, WITA or WIT).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * A CSV file as Excel with Indonesian regional settings opens it: UTF-8 only when it starts with
 * a BOM, cells split on ';' (its list separator), a cell in double quotes may hold ';', line
 * breaks and "" for a quote; records end at CRLF outside quotes.
 */
function excelRows(bytes: Buffer): string[][] {
  const bom = bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]));
  const text = bom ? bytes.subarray(3).toString('utf8') : bytes.toString('latin1');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

/** A cell Indonesian Excel reads as a number: digits with at most one decimal comma. */
const ANGKA_ID = /^\d+(,\d+)?$/;

const poppler = (tool: string, args: string[]) => execFileSync(tool, args, { encoding: 'utf8' });

describe.each(DATABASES)('paper for an Indonesian committee on %s', (kind) => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'ukt-kertas-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const pdfText = (name: string, bytes: Buffer) => {
    const path = join(dir, `${name}-${kind}.pdf`);
    writeFileSync(path, bytes);
    return poppler('pdftotext', ['-layout', path, '-']);
  };
  const download = async (t: TestApp, token: string, path: string) => {
    const res = await api(t, token, 'GET', path);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.rawPayload;
  };

  describe('the recap CSV', () => {
    let t: TestApp;
    let admin: string;
    beforeAll(async () => {
      ({ t, admin } = await startSignedIn(kind));
      await scorePaperFixture(t, admin);
      // A name holding the separator, a quote and a comma stays one cell.
      await t.app.db
        .updateTable('siswa')
        .set({ nama: 'Siti "Ani"; Rahayu, S.Pd.', nama_cari: 'siti "ani"; rahayu, s.pd.' })
        .where('id_siswa', '=', 5)
        .execute();
    });
    afterAll(async () => t.close());

    it('opens as columns in an Indonesian Excel: BOM, ";" between cells, decimal commas', async () => {
      const bytes = await download(t, admin, API.panitia.rekapEkspor.href(1, 'csv'));
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const [draf, header = [], ...rows] = excelRows(bytes);
      expect(draf).toEqual(['DRAF — belum disahkan panitia']);
      expect(header.slice(0, 6)).toEqual(['No. Urut', 'Nama', 'Perwapus', 'Cabang', 'Ranting', 'Rayon']);
      expect(header.slice(-4)).toEqual(['Nilai Akhir', 'Predikat', 'Status', 'Alasan']);
      expect(rows.length).toBeGreaterThan(100);
      for (const row of rows) expect(row).toHaveLength(header.length);

      const col = (name: string) => header.indexOf(name);
      const at = (no: number) => rows.find((r) => r[0] === String(no)) ?? [];
      expect(at(1)[col('FISIK')]).toBe('68,50');
      expect(at(1)[col('Nilai Akhir')]).toBe('73,14');
      expect(at(1)[col('Status')]).toBe('Lulus');
      expect(at(2)[col('Alasan')]).toBe('Nilai akhir 45,45 < 60');
      expect(at(5)[col('Nama')]).toBe('Siti "Ani"; Rahayu, S.Pd.');
      // Every score cell is a number to that Excel (or empty: not scored), never "73.14".
      const scoreColumns = header.map((_, i) => i).slice(6, col('Predikat'));
      for (const row of rows)
        for (const i of scoreColumns) {
          const cell = row[i] ?? '';
          if (cell !== '') expect(cell, `${header[i]} of ${row[0]}`).toMatch(ANGKA_ID);
        }
      expect(rows.flatMap((r) => scoreColumns.map((i) => r[i])).filter((c) => c?.includes(','))).not.toEqual(
        [],
      );
    });
  });

  describe('times on paper', () => {
    let wib: TestApp;
    let wita: TestApp;
    let wibAdmin: string;
    let witaAdmin: string;
    beforeAll(async () => {
      ({ t: wib, admin: wibAdmin } = await startSignedIn(kind));
      ({ t: wita, admin: witaAdmin } = await startSignedIn(kind, { UKT_ZONA_WAKTU: 'WITA' }));
    });
    afterAll(async () => {
      await wib.close();
      await wita.close();
    });

    /** The login card of Siti printed now: its "Berlaku sampai …" line, and the link's expiry. */
    const berlaku = async (t: TestApp, admin: string) => {
      const text = pdfText('kartu-login', await download(t, admin, API.panitia.kartuLogin.href(SITI)));
      const printed = /Berlaku sampai (\d{1,2} \w+ \d{4}) pukul (\d{2})\.(\d{2}) (\w+)/.exec(text);
      expect(printed, text).not.toBeNull();
      const row = await t.app.db
        .selectFrom('sesi')
        .innerJoin('penguji', 'penguji.id_pemilih', 'sesi.id_pemilih')
        .select('sesi.expires_at')
        .where('penguji.no_wa', '=', SITI)
        .where('sesi.kind', '=', 'link')
        .orderBy('sesi.expires_at', 'desc')
        .executeTakeFirstOrThrow();
      const [, , jam, menit, zona] = printed as RegExpExecArray;
      return { jam: Number(jam), menit: Number(menit), zona, expires: Number(row.expires_at) };
    };
    /** The hour and minute of an instant on a clock `offset` hours ahead of UTC. */
    const clockAt = (ms: number, offset: number) => {
      const d = new Date(ms + offset * HOUR);
      return { jam: d.getUTCHours(), menit: d.getUTCMinutes() };
    };

    it('prints a login card valid until a time in the organisation zone: WIB by default, WITA one hour later', async () => {
      const a = await berlaku(wib, wibAdmin);
      expect(a.zona).toBe('WIB');
      expect({ jam: a.jam, menit: a.menit }).toEqual(clockAt(a.expires, 7));

      const b = await berlaku(wita, witaAdmin);
      expect(b.zona).toBe('WITA');
      expect({ jam: b.jam, menit: b.menit }).toEqual(clockAt(b.expires, 8));
      // The same instant read on a WIB clock is one hour earlier.
      expect((clockAt(b.expires, 7).jam + 1) % 24).toBe(b.jam);
      expect(b.menit).toBe(clockAt(b.expires, 7).menit);
    });

    it('dates a ratification between 16:00 and 17:00 UTC on the next day in WITA, the same day in WIB', async () => {
      for (const t of [wib, wita]) {
        // Past the demo event's last day, at 16:30 UTC: 23.30 WIB, 00.30 WITA.
        const now = t.app.clock();
        const target = Math.ceil((now + 2 * DAY) / DAY) * DAY + 16.5 * HOUR;
        t.advance(target - now);
        // Days later the session has ended: the admin signs in again (a minute passes).
        const admin = await t.login(ADMIN);
        if (t === wib) wibAdmin = admin;
        else witaAdmin = admin;
        // The console's summary names the zone its days are counted in.
        const summary = await api(t, admin, 'GET', API.panitia.sahkan.href(1));
        expect(summary.json().data.zona_waktu).toBe(t === wib ? 'WIB' : 'WITA');
        const sah = await api(t, admin, 'POST', API.panitia.sahkan.href(1), {});
        expect(sah.statusCode, sah.body).toBe(200);
      }
      const day = (t: TestApp, offset: number) =>
        new Intl.DateTimeFormat('id-ID', { dateStyle: 'long', timeZone: 'UTC' }).format(
          new Date(t.app.clock() + offset * HOUR),
        );
      const wibDay = day(wib, 7);
      const witaDay = day(wita, 8);
      expect(witaDay).not.toBe(day(wita, 7));

      const wibMinutes = pdfText('ba-wib', await download(wib, wibAdmin, API.panitia.beritaAcara.href(1)));
      expect(wibMinutes).toContain(`Disahkan panitia ${wibDay}`);
      const witaMinutes = pdfText(
        'ba-wita',
        await download(wita, witaAdmin, API.panitia.beritaAcara.href(1)),
      );
      expect(witaMinutes).toContain(`Disahkan panitia ${witaDay}`);
      // The recap's PDF says the same day as the berita acara.
      const witaRekap = pdfText(
        'rekap-wita',
        await download(wita, witaAdmin, API.panitia.rekapEkspor.href(1, 'pdf')),
      );
      expect(witaRekap).toContain(`Disahkan panitia ${witaDay}`);
    });
  });
});

describe('the time zone setting', () => {
  it('is WIB unless set, and refuses a zone Indonesia does not use, naming the three', () => {
    expect(loadConfig({}).zonaWaktu).toBe('WIB');
    expect(loadConfig({ UKT_ZONA_WAKTU: 'WIT' }).zonaWaktu).toBe('WIT');
    expect(() => loadConfig({ UKT_ZONA_WAKTU: 'UTC' })).toThrow('UKT_ZONA_WAKTU harus WIB, WITA atau WIT');
  });
});
