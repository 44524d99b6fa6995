import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AGUS, api, body, DATABASES, SITI, type SignedInApp, startSignedIn } from '../../support/app';
import { type FakeGateway, fonnteKind, startFakeGateway } from '../../support/fake-gateway';

// GET /panitia/whatsapp: each examiner's last message through the gateway and its state, and how
// many examiners' last message was given up (Progres' "kode untuk N penguji gagal terkirim").

const TOKEN = 'tok-RAHASIA-console-2718';

describe.each(DATABASES)('WhatsApp state in the console on %s', (kind) => {
  let fake: FakeGateway;
  let s: SignedInApp;
  beforeAll(async () => {
    fake = await startFakeGateway(fonnteKind(TOKEN));
    // No pause between messages: the pace has its own test (wa-queue.service.test.ts).
    s = await startSignedIn(kind, {
      OTP_DELIVERY: 'fonnte',
      WA_TOKEN: TOKEN,
      WA_BASE_URL: fake.url,
      WA_JEDA_DETIK: '0',
    });
  });
  afterAll(async () => {
    await s.t.close();
    await fake.close();
  });

  const queue = (noWa: string) =>
    s.t.app.waQueue?.enqueue({
      noWa,
      idPemilih: null,
      jenis: 'otp',
      isi: 'Kode OTP 1234',
      kode: '1234',
      kedaluwarsaAt: null,
    });
  const stateOf = (noWa: string) =>
    s.t.app.db
      .selectFrom('wa_pesan')
      .select('status')
      .where('no_wa', '=', noWa)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  it('shows each examiner’s last message, the reason of a failure, and counts the failures', async () => {
    fake.mode = 'token';
    await queue(SITI);
    await vi.waitFor(async () => expect((await stateOf(SITI)).status).toBe('gagal'));
    fake.mode = 'ok';
    await queue(AGUS);
    await vi.waitFor(async () => expect((await stateOf(AGUS)).status).toBe('terkirim'));

    const res = await api(s.t, s.admin, 'GET', '/panitia/whatsapp');
    expect(res.statusCode).toBe(200);
    const data = body(res).data as {
      gateway: string;
      gagal: number;
      antre: number;
      penguji: Record<string, unknown>[];
    };
    expect(data).toMatchObject({ gateway: 'fonnte', gagal: 1, antre: 0 });
    expect(data.penguji).toHaveLength(2);
    expect(data.penguji.find((p) => p.no_wa === SITI)).toMatchObject({
      nama: 'Siti Rahayu',
      status: 'gagal',
      percobaan: 1,
      alasan: expect.stringContaining('Fonnte menolak token (invalid token: ***)'),
    });
    expect(data.penguji.find((p) => p.no_wa === AGUS)).toMatchObject({ status: 'terkirim', alasan: null });
    expect(res.body).not.toContain(TOKEN);
  });

  it('sends each chosen examiner a personal login link through the gateway, and says who was skipped', async () => {
    fake.mode = 'ok';
    const before = fake.received.length;
    const ids = async (noWa: string) =>
      (
        await s.t.app.db
          .selectFrom('penguji')
          .select('id_pemilih')
          .where('no_wa', '=', noWa)
          .executeTakeFirstOrThrow()
      ).id_pemilih;
    const res = await api(s.t, s.admin, 'POST', '/panitia/whatsapp/tautan', {
      id_pemilih: [await ids(SITI), await ids(AGUS), 999_999],
    });
    expect(res.statusCode).toBe(200);
    expect(body(res)).toMatchObject({
      message: '2 tautan login masuk antrean WhatsApp; 1 tidak dikirim.',
      data: { antre: 2, ditolak: [{ id_pemilih: 999_999, alasan: 'penguji tidak ditemukan' }] },
    });
    await vi.waitFor(() => expect(fake.received.length).toBe(before + 2));
    const toSiti = fake.received.slice(before).find((m) => m.to === SITI);
    expect(toSiti?.text).toMatch(/^Assalamu'alaikum Siti Rahayu, ini tautan masuk aplikasi UKT Penguji/);
    const token = /\/ut\/([A-Za-z0-9_-]+)/.exec(toSiti?.text ?? '')?.[1];
    const login = await api(s.t, undefined, 'POST', '/auth/CEKDATA', { data: token });
    expect(login.statusCode).toBe(200);
    await vi.waitFor(async () => expect((await stateOf(AGUS)).status).toBe('terkirim'));
    const list = body(await api(s.t, s.admin, 'GET', '/panitia/whatsapp')).data as {
      penguji: Record<string, unknown>[];
    };
    expect(list.penguji.find((p) => p.no_wa === SITI)).toMatchObject({ jenis: 'tautan', status: 'terkirim' });
  });

  it('is for committee admins only', async () => {
    const res = await api(s.t, s.siti, 'GET', '/panitia/whatsapp');
    expect(res.statusCode).toBe(403);
    const send = await api(s.t, s.siti, 'POST', '/panitia/whatsapp/tautan', { id_pemilih: [1] });
    expect(send.statusCode).toBe(403);
  });
});

describe('sending login links without a gateway', () => {
  let s: SignedInApp;
  beforeAll(async () => {
    s = await startSignedIn('sqlite');
  });
  afterAll(async () => s.t.close());

  it('refuses with what to do instead, and shows no gateway', async () => {
    const res = await api(s.t, s.admin, 'POST', '/panitia/whatsapp/tautan', { id_pemilih: [1] });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toBe(
      'Belum ada gateway WhatsApp di server (OTP_DELIVERY). Kirim tautan lewat tombol WhatsApp tiap penguji atau cetak kartu login; cara memasang gateway: docs/whatsapp.md.',
    );
    const list = await api(s.t, s.admin, 'GET', '/panitia/whatsapp');
    expect(body(list).data).toEqual({ gateway: null, gagal: 0, antre: 0, penguji: [] });
  });
});
