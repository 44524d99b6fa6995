import type { WaPesanPenguji } from '@ukt/core';
import { formatWaktu } from '../../components/format';

/** What the message carried, as the committee says it. */
export function waJenisLabel(jenis: string): string {
  if (jenis === 'otp') return 'Kode login';
  if (jenis === 'tautan') return 'Tautan login';
  return 'Pesan WhatsApp';
}

/** A message's state in one plain sentence ("Kode login gagal terkirim: …"). */
export function waStatusText(pesan: WaPesanPenguji): string {
  const apa = waJenisLabel(pesan.jenis);
  if (pesan.status === 'terkirim') return `${apa} terkirim ${formatWaktu(pesan.diperbarui_at)}`;
  if (pesan.status === 'gagal')
    return `${apa} gagal terkirim: ${pesan.alasan ?? 'tanpa alasan dari gateway'}`;
  return pesan.alasan
    ? `${apa} menunggu dikirim ulang otomatis (percobaan ${pesan.percobaan} gagal: ${pesan.alasan})`
    : `${apa} menunggu dikirim`;
}

const TONE: Record<WaPesanPenguji['status'], string> = {
  antre: 'text-amber-900',
  terkirim: 'text-green-800',
  gagal: 'font-semibold text-red-800',
};

/**
 * An examiner's last WhatsApp message in their row; a failed one offers the row's own login-link
 * action (copy, QR, wa.me) as the way to reach them now.
 */
export function WaStatus({ pesan, onTautan }: { pesan: WaPesanPenguji; onTautan?: () => void }) {
  return (
    <span className="flex max-w-72 flex-col items-start gap-1 text-sm" data-testid="wa-status">
      <span className={`break-words ${TONE[pesan.status]}`} data-status={pesan.status}>
        {waStatusText(pesan)}
      </span>
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
