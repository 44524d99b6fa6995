import { Link } from 'react-router';
import { CadanganGagalAlert } from '../../components/cadangan-gagal-alert';
import { useCadanganGagal } from '../api/get-cadangan-gagal';

/** On Progres, where the committee watches the day: the failed scheduled backup, with the way to Cadangan. */
export function CadanganGagalWarning() {
  const { data } = useCadanganGagal();
  if (!data) return null;
  return (
    <CadanganGagalAlert gagal={data}>
      <Link to="/panitia/cadangan" className="font-semibold underline">
        Buka halaman Cadangan
      </Link>
    </CadanganGagalAlert>
  );
}
