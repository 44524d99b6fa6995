import { toBelt } from '@ukt/core';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { showDialog, showSuccess } from '../../../lib/dialogs';
import { getSession, logout, signIn } from '../../../lib/session';
import { tokenLogin } from '../api/token-login';

/** /ut/{id} and /utss/{id}?vard=: signs in with a committee login link, then goes to / (SPEC §2, §7, §8). */
export function TokenLoginPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const vard = search.get('vard');
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    // A link token is single use: never send it twice (React's dev double effects included).
    if (started.current) return;
    started.current = true;
    tokenLogin(id, vard)
      .then((result) => {
        const examiner = result.data[0];
        if (!examiner) throw new ApiError(result.message || 'Data penguji tidak ditemukan', 500);
        // Another examiner's event, post and exams in progress must not carry over to this one.
        if (getSession().examiner?.id_pemilih !== examiner.id_pemilih) logout();
        signIn(examiner, result.organisasi, result.token, result.Sabuk ? toBelt(result.Sabuk) : undefined);
        void showSuccess('berhasil diverifikasi');
        navigate('/', { replace: true });
      })
      .catch(async (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        await showDialog({
          icon: 'error',
          title: 'Gagal',
          text: message,
          timer: 2000,
          showConfirmButton: false,
        });
        navigate('/', { replace: true });
      });
  }, [id, vard, navigate]);

  return (
    <main className="mx-auto flex min-h-dvh max-w-md items-center justify-center px-5">
      <Spinner label="Memverifikasi tautan masuk…" />
    </main>
  );
}
