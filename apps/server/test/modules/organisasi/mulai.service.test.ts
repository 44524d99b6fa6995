import { API } from '@ukt/core';
import { afterEach, describe, expect, it } from 'vitest';
import * as demoIsi from '../../../src/db/migrations/20261206-0001-demo-isi';
import { AppError } from '../../../src/lib/errors';
import { mulaiOrganisasi } from '../../../src/modules/organisasi/mulai.service';
import { ADMIN, api, body, DATABASES, SITI, startApp, type TestApp } from '../../support/app';
import { participantsInScope } from '../../support/scoped-examiner';

// The committee's own start (docs/decisions/154): a new database holds no demo unless asked; `mulai`
// gives it its name and admins; a trial run's demo is removed with the committee's own name and
// admin, unless a real score is among it.

const OWN_ADMIN = '6281234567890';

/** How many rows each table the demo fills holds now. */
async function counts(t: TestApp) {
  const n = async (table: 'penguji' | 'ukt' | 'siswa' | 'soal' | 'nilai' | 'audit_log' | 'demo_isi') =>
    Number(
      (
        await t.app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    penguji: await n('penguji'),
    ukt: await n('ukt'),
    siswa: await n('siswa'),
    soal: await n('soal'),
    nilai: await n('nilai'),
    audit: await n('audit_log'),
    demo: await n('demo_isi'),
  };
}

/** Runs `ukt mulai`'s service on a test app. */
const mulai = (t: TestApp, nama: string, admin: string[]) =>
  mulaiOrganisasi({ writer: t.app.writer, idOrganisasi: 1, now: new Date().toISOString() }, { nama, admin });

/** Takes a participant of event 1 at TEKNIK and writes one score, as the examiner app does. */
async function score(t: TestApp, token: string, idSiswa: number) {
  const take = await api(t, token, 'POST', API.siswaUpdate.href(idSiswa), { id_ukt: 1, sudah_tes: '1' });
  expect(take.statusCode, take.body).toBe(200);
  const write = await api(t, token, 'POST', API.nilai.href(), {
    id_siswa: idSiswa,
    id_ukt: 1,
    id_tingkat: 1,
    nilai_jurus: 70,
    nilai_jurus_plus: 0,
  });
  expect(write.statusCode, write.body).toBe(200);
}

describe.each(DATABASES)('the committee’s own start on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('a new database without UKT_DEMO holds no demo; mulai names it and adds its admins; again changes nothing', async () => {
    t = await startApp(kind, { UKT_DEMO: '' });
    expect(await counts(t)).toMatchObject({ penguji: 0, ukt: 0, siswa: 0, soal: 0, demo: 0 });
    expect(body(await api(t, undefined, 'GET', API.organisasi.href(1))).data).toMatchObject({
      nama_organisasi: 'Perguruan Pencak Silat',
    });

    // A number that is none is refused with what to write, and nothing is written.
    const wrong = await mulai(t, 'Perguruan Harapan', ['0812 3456 7890', '12345']).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(AppError);
    expect((wrong as AppError).message).toMatch(/^Nomor WhatsApp admin "12345" terlalu pendek/);
    expect((await counts(t)).penguji).toBe(0);
    await expect(mulai(t, '  ', ['0812 3456 7890'])).rejects.toThrow('Nama organisasi wajib diisi');
    await expect(mulai(t, 'Perguruan Harapan', [])).rejects.toThrow(
      'Sebutkan paling sedikit satu nomor WhatsApp admin panitia',
    );

    const first = await mulai(t, ' Perguruan Harapan ', [
      '0812-3456-7890',
      '+62 813 1111 2222',
      '081234567890',
    ]);
    expect(first).toEqual({
      nama_organisasi: 'Perguruan Harapan',
      admin: [
        { no_wa: OWN_ADMIN, baru: true },
        { no_wa: '6281311112222', baru: true },
      ],
    });
    const again = await mulai(t, 'Perguruan Harapan', ['0812-3456-7890', '+62 813 1111 2222']);
    expect(again.admin.map((a) => a.baru)).toEqual([false, false]);
    expect((await counts(t)).penguji).toBe(2);

    // The admin signs in, and the console's first page has nothing of its own yet and no demo.
    const token = await t.login(OWN_ADMIN);
    const status = await api(t, token, 'GET', API.panitia.mulai.href());
    expect(status.statusCode, status.body).toBe(200);
    expect(body(status).data).toEqual({
      nama_organisasi: 'Perguruan Harapan',
      demo: null,
      masuk_sebagai_demo: false,
      kegiatan: 0,
      penguji: 0,
      peserta: 0,
    });
    expect(body(await api(t, undefined, 'GET', API.organisasi.href(1))).data).toMatchObject({
      nama_organisasi: 'Perguruan Harapan',
    });
  });

  it('removes the demo under the committee’s own name and admin, keeps its own event, signs the demo admin out; again removes nothing', async () => {
    t = await startApp(kind);
    const admin = await t.login(ADMIN);
    const siti = await t.login(SITI);
    const before = body(await api(t, admin, 'GET', API.panitia.mulai.href())).data;
    expect(before).toMatchObject({
      demo: { penguji: 3, kegiatan: 2, peserta: 200 },
      masuk_sebagai_demo: true,
      kegiatan: 0,
    });
    // A demo examiner's score on a demo participant is the demo's own.
    const { ids } = await participantsInScope(t);
    await score(t, siti, ids[0] as number);
    const own = await api(t, admin, 'POST', API.panitia.kegiatan.href(), {
      nama_ukt: 'UKT Kenaikan Sabuk Hijau',
      nama_kegiatan: 'Ujian Kenaikan Tingkat II',
      tanggal_tes: '2027-01-10',
      akhir_tes: '',
      id_tingkat: 2,
    });
    expect(own.statusCode, own.body).toBe(200);

    // Without an admin of its own, and under the demo's name, the committee would be locked out.
    const noAdmin = await api(t, admin, 'POST', API.panitia.demoHapus.href(), {
      nama_organisasi: 'Perguruan Harapan',
      admin: [],
    });
    expect(noAdmin.statusCode).toBe(400);
    expect(body(noAdmin).message).toContain('Sebutkan nomor WhatsApp admin panitia Anda sendiri');
    const demoName = await api(t, admin, 'POST', API.panitia.demoHapus.href(), {
      nama_organisasi: '',
      admin: ['0812 3456 7890'],
    });
    expect(demoName.statusCode).toBe(400);
    expect(body(demoName).message).toBe(
      'Tulis nama organisasi Anda: "Perguruan Pencak Silat Demo" adalah nama demo.',
    );
    const demoNumber = await api(t, admin, 'POST', API.panitia.demoHapus.href(), {
      nama_organisasi: 'Perguruan Harapan',
      admin: ['0811 0000 0001'],
    });
    expect(demoNumber.statusCode).toBe(400);
    expect(body(demoNumber).message).toContain('adalah nomor penguji demo');
    expect(await counts(t)).toMatchObject({ penguji: 3, ukt: 3, siswa: 200 });

    const removed = await api(t, admin, 'POST', API.panitia.demoHapus.href(), {
      nama_organisasi: 'Perguruan Harapan',
      admin: ['0812 3456 7890'],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(body(removed).message).toBe(
      'Data demo dihapus: 2 kegiatan, 200 peserta dan 3 penguji. Organisasi kini "Perguruan Harapan".',
    );
    expect(body(removed).data).toEqual({
      dihapus: true,
      penguji: 3,
      kegiatan: 2,
      peserta: 200,
      nama_organisasi: 'Perguruan Harapan',
      admin: [OWN_ADMIN],
      admin_baru: [OWN_ADMIN],
      keluar: true,
    });
    expect(await counts(t)).toEqual({ penguji: 1, ukt: 1, siswa: 0, soal: 0, nilai: 0, audit: 0, demo: 0 });
    // The demo admin's session went with the demo (a token looked up is trusted 3 s: decision 018);
    // the committee's own admin signs in.
    t.advance(4_000);
    expect((await api(t, admin, 'GET', API.panitia.mulai.href())).statusCode).toBe(401);
    const ownAdmin = await t.login(OWN_ADMIN);
    expect(body(await api(t, ownAdmin, 'GET', API.panitia.mulai.href())).data).toEqual({
      nama_organisasi: 'Perguruan Harapan',
      demo: null,
      masuk_sebagai_demo: false,
      kegiatan: 1,
      penguji: 0,
      peserta: 0,
    });
    const events = body(await api(t, ownAdmin, 'GET', API.panitia.kegiatan.href())).data as {
      nama_ukt: string;
    }[];
    expect(events.map((k) => k.nama_ukt)).toEqual(['UKT Kenaikan Sabuk Hijau']);
    // The demo's regions went with it: the filters hold nothing of it.
    expect(body(await api(t, ownAdmin, 'GET', API.perwapus.href())).data).toEqual([]);

    const again = await api(t, ownAdmin, 'POST', API.panitia.demoHapus.href(), {
      nama_organisasi: 'Perguruan Harapan',
      admin: [],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(body(again).message).toBe('Tidak ada data demo lagi: tidak ada yang dihapus.');
    expect(body(again).data).toMatchObject({ dihapus: false, keluar: false });
    expect((await counts(t)).ukt).toBe(1);
  });

  it('refuses while a score of an examiner the demo did not make is among it, and leaves everything', async () => {
    t = await startApp(kind);
    const admin = await t.login(ADMIN);
    await mulai(t, 'Perguruan Harapan', ['0812 3456 7890']);
    const ownAdmin = await t.login(OWN_ADMIN);
    const { participants } = await participantsInScope(t);
    const first = participants[0] as { id_siswa: number; nama: string };
    await score(t, ownAdmin, first.id_siswa);
    const before = await counts(t);

    const refused = await api(t, admin, 'POST', API.panitia.demoHapus.href(), {
      nama_organisasi: 'Perguruan Harapan',
      admin: [],
    });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toBe(
      `Data demo tidak dihapus: sudah ada nilai yang bukan data demo (Admin panitia menilai ${first.nama} di kegiatan "UKT Sabuk Polos Ke Jambon"), dan nilai itu akan ikut terhapus. Biarkan data demo dan arsipkan kegiatan demo di halaman Kegiatan.`,
    );
    expect(await counts(t)).toEqual(before);
    expect(before).toMatchObject({ penguji: 4, ukt: 2, siswa: 200 });
  });

  it('a demo made before its rows were marked is found by the migration and removed but for its questions', async () => {
    t = await startApp(kind);
    const admin = await t.login(ADMIN);
    // As an older version left it: the demo without marks, and the committee's own participant beside it.
    await t.app.db.schema.dropTable('demo_isi').execute();
    await api(t, admin, 'POST', API.panitia.peserta.href(2), {
      no_urut: 81,
      nama: 'Peserta Sendiri',
      provinsi: 'Jawa Timur',
      id_rayon: 1,
    });
    await demoIsi.up(t.app.db as never);
    expect(await counts(t)).toMatchObject({ demo: 3 + 2 + 200, siswa: 201 });

    const removed = await api(t, admin, 'POST', API.panitia.demoHapus.href(), {
      nama_organisasi: 'Perguruan Harapan',
      admin: ['0812 3456 7890'],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(body(removed).data).toMatchObject({ penguji: 3, kegiatan: 2, peserta: 200 });
    // Every participant of the demo's events goes with them; its questions stay, unmarked.
    expect(await counts(t)).toMatchObject({ penguji: 1, ukt: 0, siswa: 0, soal: 100, demo: 0 });
  });

  it('refuses while a demo examiner has scored a participant the demo did not make', async () => {
    t = await startApp(kind);
    const admin = await t.login(ADMIN);
    const siti = await t.login(SITI);
    await mulai(t, 'Perguruan Harapan', ['0812 3456 7890']);
    // The committee adds its own participant to the demo's event, in Siti's region.
    const { participants } = await participantsInScope(t);
    const region = await t.app.db
      .selectFrom('siswa')
      .select(['id_perwapus', 'id_cabang', 'id_ranting', 'id_rayon'])
      .where('id_siswa', '=', (participants[0] as { id_siswa: number }).id_siswa)
      .executeTakeFirstOrThrow();
    const added = await api(t, admin, 'POST', API.panitia.peserta.href(1), {
      no_urut: 500,
      nama: 'Rizal Peserta Sendiri',
      provinsi: 'Jawa Timur',
      id_rayon: region.id_rayon,
    });
    expect(added.statusCode, added.body).toBe(201);
    const own = await t.app.db
      .selectFrom('siswa')
      .select('id_siswa')
      .where('no_urut', '=', 500)
      .executeTakeFirstOrThrow();
    await score(t, siti, own.id_siswa);

    const refused = await api(t, admin, 'POST', API.panitia.demoHapus.href(), {
      nama_organisasi: 'Perguruan Harapan',
      admin: [],
    });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toContain(
      '(Siti Rahayu menilai Rizal Peserta Sendiri di kegiatan "UKT Sabuk Polos Ke Jambon")',
    );
    expect((await counts(t)).siswa).toBe(201);
  });
});
