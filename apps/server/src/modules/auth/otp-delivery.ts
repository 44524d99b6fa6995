import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/env';
import type { WaQueue } from '../whatsapp/wa-queue.service';
import { openLoginCodeFile } from './login-code-file';
import { OTP_LIMITS } from './otp-limits.repository';

/** One login-code message; a gateway's queue also keeps whose it is and when the code ends. */
export interface OtpMessage {
  to: string;
  code: string;
  text: string;
  idPemilih?: number;
  /** When the code stops working (ms): a queued message is never sent, nor kept, after it. */
  berlakuSampai?: number;
}

/** Delivers login codes; `wait` says whether the answer waits for delivery. */
export interface OtpSender {
  send(message: OtpMessage): Promise<void>;
  wait: boolean;
}

/** The WhatsApp text of a code. */
export function otpText(code: string): string {
  return `Kode OTP UKT Penguji Anda: ${code}. Berlaku 5 menit. Jangan berikan kode ini kepada siapa pun.`;
}

/**
 * The sender OTP_DELIVERY names (DESIGN §5). Local ones (log, file) are awaited so the code is
 * there when the answer is; a webhook is not, so a slow gateway cannot reveal which numbers are known.
 * A WhatsApp gateway's codes go through its queue (docs/decisions/138), not awaited either.
 */
export function createOtpSender(config: Config['otp'], log: FastifyBaseLogger, queue?: WaQueue): OtpSender {
  if (queue) {
    return {
      wait: false,
      async send({ to, code, text, idPemilih, berlakuSampai }) {
        await queue.enqueue({
          noWa: to,
          idPemilih: idPemilih ?? null,
          jenis: 'otp',
          isi: text,
          kode: code,
          kedaluwarsaAt: berlakuSampai ?? null,
        });
      },
    };
  }
  if (config.delivery === 'file') {
    // A code stays in the file only while it works (docs/decisions/157).
    const file = openLoginCodeFile(config.codeFile, OTP_LIMITS.ttlMs);
    file
      .prune()
      .catch((error: unknown) =>
        log.warn({ err: error }, `OTP_OUTBOX ${config.codeFile} tidak dapat dirapikan`),
      );
    return {
      wait: true,
      async send({ to, code, text }) {
        await file.append({ to, code, text, at: new Date().toISOString() });
      },
    };
  }
  if (config.delivery === 'webhook') {
    const url = config.webhookUrl as string;
    return {
      wait: false,
      async send({ to, text }) {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to, text }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`Webhook OTP menjawab ${response.status}`);
      },
    };
  }
  return {
    wait: true,
    async send({ to, code }) {
      log.info(`Kode OTP untuk ${to}: ${code}`);
    },
  };
}
