import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATABASES, startApp, type TestApp } from '../../support/app';
import { type FakeGateway, fonnteKind, startFakeGateway } from '../../support/fake-gateway';

// The gateway's pace holds across processes (docs/decisions/160): two servers on one database, as
// two machines or WORKERS are, each with messages of its own to send through one WhatsApp number,
// never start two messages closer than WA_JEDA_DETIK together. Each server talks to a fake of its
// own so the test sees who sent what; both are the same number's pace ('fonnte'). PostgreSQL only:
// SQLite serves one process (wa-queue.service.pace.test.ts holds the pace there, through the same table).

const TOKEN = 'tok-pace-shared-1234567890';

describe.runIf(DATABASES.includes('postgres'))('the WhatsApp pace of two servers on PostgreSQL', () => {
  const fakes: FakeGateway[] = [];
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const t of apps.splice(0).reverse()) await t.close();
    for (const fake of fakes.splice(0)) await fake.close();
  });

  it('leaves WA_JEDA_DETIK between any two messages of either server', async () => {
    const [a, b] = [await startFakeGateway(fonnteKind(TOKEN)), await startFakeGateway(fonnteKind(TOKEN))];
    fakes.push(a, b);
    const env = (fake: FakeGateway) => ({
      OTP_DELIVERY: 'fonnte',
      WA_TOKEN: TOKEN,
      WA_BASE_URL: fake.url,
      WA_JEDA_DETIK: '1',
    });
    const first = await startApp('postgres', env(a));
    apps.push(first);
    const second = await startApp('postgres', env(b), first);
    apps.push(second);

    // Three messages queued on each server at the same moment.
    const message = (i: number) => ({
      noWa: `62811000009${String(i).padStart(2, '0')}`,
      idPemilih: null,
      jenis: 'uji',
      isi: `Pesan ${i}`,
      kode: null,
      kedaluwarsaAt: null,
    });
    await Promise.all(
      [0, 1, 2].flatMap((i) => [
        first.app.waQueue?.enqueue(message(i)),
        second.app.waQueue?.enqueue(message(i + 3)),
      ]),
    );
    await vi.waitFor(() => expect(a.received.length + b.received.length).toBe(6), { timeout: 20_000 });
    // Both servers sent; between them every start is a pause after the one before (a fifth of it
    // allowed for a first call that also opened its connection, as in wa-queue.service.pace.test.ts).
    expect(a.received.length).toBeGreaterThan(0);
    expect(b.received.length).toBeGreaterThan(0);
    const arrivals = [...a.arrivals, ...b.arrivals].sort((x, y) => x - y);
    const gaps = arrivals.slice(1).map((t, i) => Math.round(t - (arrivals[i] as number)));
    expect(Math.min(...gaps), `gaps ${gaps.join(', ')} ms`).toBeGreaterThanOrEqual(800);
    expect(new Set([...a.received, ...b.received].map((m) => m.text))).toEqual(
      new Set([0, 1, 2, 3, 4, 5].map((i) => `Pesan ${i}`)),
    );
  }, 40_000);
});
