import type { FastifyInstance } from 'fastify';
import { expect, vi } from 'vitest';

/**
 * What the WhatsApp queue tests do with the app they started (`app()` answers the one running
 * now, a test may restart it): ask for a login code from a phone, check a code, and read the
 * messages the queue keeps.
 */
export function waQueueDriver(app: () => FastifyInstance, defaultIp: string) {
  const send = (noWa: string, ip = defaultIp) =>
    app().inject({
      method: 'POST',
      url: '/uktNEW/api/auth/otp-login/1',
      payload: { no_wa: noWa },
      remoteAddress: ip,
    });
  const check = (noWa: string, kode: string) =>
    app().inject({ method: 'POST', url: '/uktNEW/api/auth/otp-login/cek/1', payload: { no_wa: noWa, kode } });
  /** A number's newest message. */
  const lastOf = (noWa: string) =>
    app()
      .db.selectFrom('wa_pesan')
      .selectAll()
      .where('no_wa', '=', noWa)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
  /** The id of the newest message of any number (0 before the first). */
  const lastId = async () =>
    (await app().db.selectFrom('wa_pesan').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;
  /** The newest message of a number once it is newer than `afterId` and matches `state`. */
  const newest = async (noWa: string, afterId: number, state: Record<string, unknown>) => {
    await vi.waitFor(async () => {
      const row = await lastOf(noWa);
      expect(row.id).toBeGreaterThan(afterId);
      expect(row).toMatchObject(state);
    });
    return lastOf(noWa);
  };
  return { send, check, lastOf, lastId, newest };
}
