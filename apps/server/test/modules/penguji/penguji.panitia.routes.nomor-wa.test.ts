import { API, ImporDitolak, ImporPratinjau, PanitiaPenguji, PanitiaPengujiList } from '@ukt/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, body, DATABASES, SITI, startSignedIn, type TestApp } from '../../support/app';
import { multipartSheet } from '../../support/multipart';

// One rule for every WhatsApp number (docs/decisions/155), as the committee meets it: an import
// names the line and column of a number that is no Indonesian mobile number, the console's form
// names the field, and a login finds the examiner whichever way the number is typed.

const PengujiOne = z.object({ success: z.literal(true), data: PanitiaPenguji });
const SHORT = 'terlalu pendek: nomor HP Indonesia 10 sampai 13 angka diawali 08, misalnya 0812-3456-7890';
const LANDLINE =
  'bukan nomor HP: nomor telepon rumah atau kantor tidak punya WhatsApp; tulis nomor HP yang diawali 08, misalnya 0812-3456-7890';
const LONG = 'terlalu panjang: nomor HP Indonesia 10 sampai 13 angka diawali 08, misalnya 0812-3456-7890';

describe.each(DATABASES)('WhatsApp numbers as committees write them, on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    ({ t, admin } = await startSignedIn(kind));
  });
  afterAll(async () => t.close());

  const importPenguji = (path: string, csv: string) => {
    const { payload, headers } = multipartSheet('penguji.csv', csv);
    return t.app.inject({
      method: 'POST',
      url: `/uktNEW/api${path}`,
      payload,
      headers: { ...headers, 'access-token': admin },
    });
  };
  const stored = async (nama: string) =>
    (await t.app.db.selectFrom('penguji').select('no_wa').where('nama', '=', nama).executeTakeFirst())?.no_wa;

  it('an import reads every way of writing a mobile number, and names the line and column of a wrong one', async () => {
    const good = [
      'no_wa,nama,panitia',
      '+62 0813-2222-0001,Andi Pratama,Admin',
      '(0813) 2222-0002,Bayu Saputra,Admin',
      '0813.2222.0003,Citra Dewi,Admin',
      '813 2222 0004,Dian Sari,Admin',
    ].join('\r\n');
    const preview = await importPenguji(API.panitia.imporPratinjau.href('penguji'), good);
    expect(preview.statusCode, preview.body).toBe(200);
    const data = ImporPratinjau.parse(preview.json().data);
    expect(data.jumlah_kesalahan).toBe(0);
    expect(data.baris.map((b) => b.data.no_wa)).toEqual([
      '6281322220001',
      '6281322220002',
      '6281322220003',
      '6281322220004',
    ]);

    const bad = [
      'no_wa,nama,panitia',
      '0813-2222-0005,Eko Wibowo,Admin',
      '021-5551234,Kantor Cabang,Admin',
      '0813-222,Fajar Nugroho,Admin',
      '0813-2222-0006-789,Gita Lestari,Admin',
    ].join('\r\n');
    const refused = await importPenguji(API.panitia.impor.href('penguji'), bad);
    expect(refused.statusCode).toBe(400);
    const answer = ImporDitolak.parse(refused.json());
    expect(answer.data?.kesalahan.map(({ isi: _, ...k }) => k)).toEqual([
      { baris: 3, kolom: 'No. WhatsApp', pesan: LANDLINE },
      { baris: 4, kolom: 'No. WhatsApp', pesan: SHORT },
      { baris: 5, kolom: 'No. WhatsApp', pesan: LONG },
    ]);
    expect(answer.message).toContain(`baris 3, kolom No. WhatsApp: ${LANDLINE}`);
    // All or nothing: the good line of that file is not stored either.
    expect(await stored('Eko Wibowo')).toBeUndefined();

    const applied = await importPenguji(API.panitia.impor.href('penguji'), good);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await stored('Andi Pratama')).toBe('6281322220001');
  });

  it("the console's form stores the one form and names the field of a wrong number", async () => {
    const form = (no_wa: string) => ({ no_wa, nama: 'Hadi Susanto', panitia: 'Admin', dewan: 1 });
    for (const [written, words] of [
      ['(021) 555 1234', LANDLINE],
      ['0813-22', SHORT],
      ['0813 2222 0007 8901', LONG],
      [
        '0813-2222-OOO7',
        'hanya boleh berisi angka (boleh dengan spasi, tanda -, titik, kurung dan +62 di depan), misalnya 0812-3456-7890',
      ],
    ] as const) {
      const res = await api(t, admin, 'POST', API.panitia.penguji.href(), form(written));
      expect(res.statusCode, written).toBe(400);
      expect(body(res).message).toBe(`Data tidak valid: Nomor WhatsApp ${words}`);
    }
    expect(await stored('Hadi Susanto')).toBeUndefined();

    const res = await api(t, admin, 'POST', API.panitia.penguji.href(), form('+62 0813-2222-0007'));
    expect(res.statusCode, res.body).toBe(200);
    expect(PengujiOne.parse(res.json()).data.no_wa).toBe('6281322220007');
    // The search box finds it however the number is typed there.
    for (const cari of ['+62 0813-2222-0007', '(0813) 2222-0007', '0813.2222.0007']) {
      const found = await api(
        t,
        admin,
        'GET',
        `${API.panitia.penguji.href()}?cari=${encodeURIComponent(cari)}`,
      );
      expect(
        PanitiaPengujiList.parse(found.json()).data.map((p) => p.nama),
        cari,
      ).toEqual(['Hadi Susanto']);
    }
  });

  it('a login with "+62 0811…" and every other spelling finds the examiner; a wrong number is named', async () => {
    const send = (no_wa: string) =>
      t.app.inject({
        method: 'POST',
        url: `/uktNEW/api${API.otpLogin.href(1)}`,
        payload: { no_wa },
        remoteAddress: '10.8.0.1',
      });
    for (const written of ['+62 0811-0000-0002', '(0811) 0000-0002', '0811.0000.0002', '62 0811 0000 0002']) {
      t.advance(2 * 60_000);
      const before = t.outbox.length;
      const res = await send(written);
      expect(res.statusCode, res.body).toBe(200);
      expect(t.outbox.slice(before).map((m) => m.to)).toEqual([SITI]);
      const code = t.outbox.at(-1)?.code as string;
      const check = await t.app.inject({
        method: 'POST',
        url: `/uktNEW/api${API.otpVerify.href(1)}`,
        payload: { no_wa: written, kode: code },
        remoteAddress: '10.8.0.1',
      });
      expect(check.statusCode, check.body).toBe(200);
      expect(check.json().data[0].nama_dpt).toBe('Siti Rahayu');
    }
    for (const [written, words] of [
      ['021-5551234', LANDLINE],
      ['0811-0000', SHORT],
    ] as const) {
      const res = await send(written);
      expect(res.statusCode).toBe(400);
      expect(body(res).message).toBe(`Data tidak valid: Nomor WhatsApp ${words}`);
    }
  });
});
