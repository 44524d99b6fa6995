import type { WaPesanPenguji } from '@ukt/core';
import { formatWaktu } from '../../components/format';

/** What the message carried, as the committee says it. */
export function waJenisLabel(jenis: string): string {
  if (jenis === 'otp') return 'Kode login';
  if (jenis === 'tautan') return 'Tautan login';
  return 'Pesan WhatsApp';
}

/** A message's state in a few words ("Kode login gagal terkirim"). */
export function waStatusText(pesan: WaPesanPenguji): string {
  const apa = waJenisLabel(pesan.jenis);
  if (pesan.status === 'terkirim') return `${apa} terkirim ${formatWaktu(pesan.diperbarui_at)}`;
  if (pesan.status === 'gagal') return `${apa} gagal terkirim`;
  return pesan.alasan ? `${apa} menunggu dikirim ulang` : `${apa} menunggu dikirim`;
}

/** Why, under the state: the gateway's reason for a failed message, or the pending try. */
export function waStatusAlasan(pesan: WaPesanPenguji): string | null {
  if (pesan.status === 'gagal') return `Alasan: ${pesan.alasan ?? 'gateway tidak menyebut alasan'}`;
  if (pesan.status === 'antre' && pesan.alasan)
    return `Server mencoba lagi otomatis; percobaan ke-${pesan.percobaan} gagal: ${pesan.alasan}`;
  return null;
}

const TONE: Record<WaPesanPenguji['status'], string> = {
  antre: 'font-normal text-amber-900',
  terkirim: 'font-normal text-green-800',
  gagal: 'font-semibold text-red-800',
};

/**
 * An examiner's last WhatsApp message: its state, why when it failed or waits for another try,
 * and for a failed one the row's own login-link action (copy, QR, wa.me) to reach them now.
 */
export function WaStatus({
  pesan,
  onTautan,
  className = 'max-w-72',
}: {
  pesan: WaPesanPenguji;
  onTautan?: () => void;
  /** The block's width limit (a table cell keeps it narrow). */
  className?: string;
}) {
  const alasan = waStatusAlasan(pesan);
  return (
    <span className={`flex flex-col items-start gap-0.5 text-sm ${className}`} data-testid="wa-status">
      <span className={TONE[pesan.status]} data-status={pesan.status}>
        {waStatusText(pesan)}
      </span>
      {alasan && <span className="break-words font-normal text-neutral-700">{alasan}</span>}
      {pesan.status === 'gagal' && onTautan && (
        <button
          type="button"
          onClick={onTautan}
          className="min-h-11 text-sm font-semibold text-brand-dark underline underline-offset-2 hover:no-underline md:min-h-8"
        >
          Beri tautan login sekarang
        </button>
      )}
    </span>
  );
}
