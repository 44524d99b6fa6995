import { normalizePhone, phoneProblem } from '@ukt/core';
import type { Config } from '../../config/env';
import { randomCode } from '../../lib/crypto';
import { badRequest } from '../../lib/errors';
import { queueGatewayOf } from './gateway-choice';

// `ukt wa test 0812…` (docs/whatsapp.md): one real message through the configured gateway, sent
// at once (not through the queue), and a plain answer whether the gateway took it and why not.

/** What the test found: whether the gateway took the message, and the lines that say so. */
export interface WaTestResult {
  ok: boolean;
  lines: string[];
}

/** Sends one test message to `input` through the gateway of `config`. */
export async function sendWaTest(config: Config, input: string): Promise<WaTestResult> {
  const gateway = queueGatewayOf(config);
  if (!gateway)
    throw badRequest(
      `OTP_DELIVERY=${config.otp.delivery}: belum ada gateway WhatsApp yang diatur. Atur dulu, misalnya npm run ukt -- atur OTP_DELIVERY=fonnte WA_TOKEN=TOKEN (lihat docs/whatsapp.md).`,
    );
  const problem = phoneProblem(input);
  if (problem) throw badRequest(`Nomor WhatsApp ${input} ${problem}.`);
  const to = normalizePhone(input);
  const code = randomCode(4);
  const result = await gateway.send({
    to,
    code,
    text: `Pesan uji UKT Penguji: gateway WhatsApp ${gateway.name} tersambung. Kode uji ${code} (bukan kode login).`,
  });
  if (result.ok)
    return {
      ok: true,
      lines: [
        `Terkirim: gateway ${gateway.name} menerima pesan uji untuk ${to}${result.id ? ` (id ${result.id})` : ''}.`,
        `Periksa WhatsApp di nomor itu: kode uji ${code}. Bila tidak datang dalam beberapa menit, lihat riwayat pesan di dasbor gateway.`,
      ],
    };
  return {
    ok: false,
    lines: [
      `Gagal: gateway ${gateway.name} tidak menerima pesan uji untuk ${to}: ${result.reason}.`,
      result.retry
        ? 'Masalah ini bisa sementara: coba lagi beberapa menit lagi; server sendiri mencoba lagi pesan seperti ini sampai 4 kali.'
        : 'Perbaiki pengaturannya (npm run ukt -- atur …), lalu jalankan npm run ukt -- wa test lagi.',
    ],
  };
}
