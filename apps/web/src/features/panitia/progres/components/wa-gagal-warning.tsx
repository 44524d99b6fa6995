import type { WaPesanList } from '@ukt/core';
import { Link } from 'react-router';
import { useWhatsapp } from '../../api/get-whatsapp';

/** What the failed messages carried, as one subject: "Kode login", "Tautan login" or both. */
function apaGagal(data: WaPesanList): string {
  const jenis = new Set(data.penguji.filter((p) => p.status === 'gagal').map((p) => p.jenis));
  if (jenis.size === 1 && jenis.has('otp')) return 'Kode login';
  if (jenis.size === 1 && jenis.has('tautan')) return 'Tautan login';
  if ([...jenis].every((j) => j === 'otp' || j === 'tautan')) return 'Kode atau tautan login';
  return 'Pesan WhatsApp';
}

/**
 * On Progres: examiners whose last WhatsApp message (a login code or link) did not leave, with the
 * way to Penguji, where each failed one shows why and offers a login link to give by hand.
 */
export function WaGagalWarning() {
  const { data } = useWhatsapp();
  if (!data || data.gagal === 0) return null;
  return (
    <div
      role="alert"
      data-testid="wa-gagal"
      className="flex flex-col gap-1 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-2 ring-amber-300"
    >
      <p className="text-base font-bold">
        {apaGagal(data)} untuk {data.gagal} penguji gagal terkirim lewat WhatsApp
      </p>
      <p>
        Mereka belum menerimanya, jadi belum bisa masuk. Di halaman Penguji tiap baris menyebut alasannya;
        beri mereka tautan login dari sana, atau kartu login.
      </p>
      <Link to="/panitia/penguji" className="self-start font-semibold underline">
        Buka halaman Penguji
      </Link>
    </div>
  );
}
