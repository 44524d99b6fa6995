import type { PengirimanKode } from '@ukt/core';
import type { Config } from '../../config/env';
import type { WaQueue } from '../whatsapp/wa-queue.service';

/**
 * Where this server's login codes go, as the login screens say it (docs/decisions/155): log and
 * file keep the code on the committee's laptop; a gateway or the webhook relay sends it to
 * WhatsApp, and says so when the gateway's last tries failed. The same whatever the number.
 */
export async function pengirimanKode(
  delivery: Config['otp']['delivery'],
  queue: WaQueue | undefined,
): Promise<PengirimanKode> {
  if (delivery === 'log' || delivery === 'file') return 'laptop';
  return (await queue?.terganggu()) ? 'whatsapp-gangguan' : 'whatsapp';
}
