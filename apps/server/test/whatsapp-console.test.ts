import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AGUS, api, body, DATABASES, SITI, type SignedInApp, startSignedIn } from './support/app';
import { type FakeGateway, fonnteKind, startFakeGateway } from './support/fake-gateway';

// GET /panitia/whatsapp: each examiner's last message through the gateway and its state, and how
// many examiners' last message was given up (Progres' "kode untuk N penguji gagal terkirim").

const TOKEN = 'tok-RAHASIA-console-2718';

describe.each(DATABASES)('WhatsApp state in the console on %s', (kind) => {
  let fake: FakeGateway;
  let s: SignedInApp;
  beforeAll(async () => {
    fake = await startFakeGateway(fonnteKind(TOKEN));
    s = await startSignedIn(kind, { OTP_DELIVERY: 'fonnte', WA_TOKEN: TOKEN, WA_BASE_URL: fake.url });
  });
  afterAll(async () => {
    await s.t.close();
    await fake.close();
  });

  const queue = (noWa: string) =>
    s.t.app.waOutbox?.enqueue({
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

  it('is for committee admins only', async () => {
    const res = await api(s.t, s.siti, 'GET', '/panitia/whatsapp');
    expect(res.statusCode).toBe(403);
  });
});
