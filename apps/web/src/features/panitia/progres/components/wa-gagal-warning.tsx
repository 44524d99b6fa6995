import { Link } from 'react-router';
import { useWhatsapp } from '../../penguji/api/get-whatsapp';

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
      <p className="text-base font-bold">Kode untuk {data.gagal} penguji gagal terkirim</p>
      <p>Mereka belum bisa masuk dengan kode dari WhatsApp. Beri mereka tautan login atau kartu login.</p>
      <Link to="/panitia/penguji" className="font-semibold underline">
        Buka halaman Penguji
      </Link>
    </div>
  );
}
