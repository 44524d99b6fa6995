import {
  type FakeGateway,
  type FakeRequest,
  fonnteKind,
  startFakeGateway,
} from '@ukt/server/test-support/fake-gateway';

// The API tests' local Fonnte (apps/server/test/support/fake-gateway.ts, imported by the package's name) for the browser tests:
// it accepts only Fonnte's documented request (POST /send, the token as Authorization, form
// fields target and message) and answers as Fonnte does. `refuseFor` makes it refuse single
// numbers the way Fonnte refuses a spent quota, whatever its mode.

export type { FakeGateway, FakeRequest };

/** A local Fonnte taking `token`; numbers added to `refuseFor` get 'insufficient quota'. */
export async function startFakeFonnte(
  token: string,
): Promise<FakeGateway & { refuseFor: Set<string>; env: Record<string, string> }> {
  const refuseFor = new Set<string>();
  const kind = fonnteKind(token);
  const fake = await startFakeGateway({
    parse: kind.parse,
    answer: (mode, message) => kind.answer(refuseFor.has(message.to) ? 'quota' : mode, message),
  });
  return Object.assign(fake, {
    refuseFor,
    /** The server settings that send through this fake (a held answer is waited for, not timed out). */
    env: { OTP_DELIVERY: 'fonnte', WA_TOKEN: token, WA_BASE_URL: fake.url, WA_TIMEOUT_SECONDS: '60' },
  });
}
