import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';

/** What /panitia/* shows to anyone who is not a committee admin (DESIGN §9: a 403 page). */
export function ForbiddenPage() {
  return (
    <Card className="mx-auto mt-6 flex max-w-md flex-col items-center gap-4 text-center">
      <p className="text-5xl font-bold text-neutral-300" aria-hidden="true">
        403
      </p>
      <h1 className="text-xl font-bold">Akses ditolak</h1>
      <p className="text-neutral-700">Halaman ini hanya untuk admin panitia.</p>
      <Link
        to="/"
        replace
        className="inline-flex min-h-11 items-center justify-center rounded-xl bg-brand px-5 text-sm font-semibold text-on-brand shadow-sm hover:bg-brand-dark"
      >
        Kembali ke halaman utama
      </Link>
    </Card>
  );
}
