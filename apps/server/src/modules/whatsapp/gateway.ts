// What every WhatsApp gateway offers (docs/whatsapp.md): one message in, whether the gateway took
// it out. A gateway only hands the message on; whether the phone received it is the gateway's
// business. Reasons are Indonesian, say what to do, and never contain a credential.

/** One message to one number (62…). `code` is set for a login code: a template gateway sends it as its parameter. */
export interface WaMessage {
  to: string;
  text: string;
  code?: string;
}

/** A message the gateway did not take: why, and whether trying again later may help. */
export interface WaFailure {
  ok: false;
  reason: string;
  retry: boolean;
}

/** What a gateway answered about one message; `id` is the gateway's own, when it gives one. */
export type WaResult = { ok: true; id?: string } | WaFailure;

/** A gateway; `signal` ends a call the server no longer waits for (it is stopping). */
export interface WaGateway {
  /** The gateway's name as OTP_DELIVERY writes it. */
  name: string;
  /** The least time between the starts of two messages, the gateway's pace (0 or absent: none). */
  pauseMs?: number;
  send(message: WaMessage, signal?: AbortSignal): Promise<WaResult>;
}

/** A failure that will not be tried again. */
export const refused = (reason: string): WaFailure => ({ ok: false, reason, retry: false });

/** A failure worth another try after a pause. */
export const passing = (reason: string): WaFailure => ({ ok: false, reason, retry: true });
