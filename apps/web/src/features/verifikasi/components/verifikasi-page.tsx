import { useEffect } from 'react';
import { useParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { loadPublicOrganisasi, useOrganisasi } from '../../../lib/organisasi';
import { useVerifikasi } from '../api/get-verifikasi';
import { VerifikasiResultCard } from './verifikasi-result';

/**
 * /verifikasi/{kode}: the public check of a piagam's QR (DESIGN §11), without sign-in. Shows only
 * the name, belt, event and status of a real certificate, and one clear "not found" for anything else.
 */
export function VerifikasiPage() {
  const { kode = '' } = useParams();
  const check = useVerifikasi(kode);
  const organisasi = useOrganisasi();
  useEffect(loadPublicOrganisasi, []);
  const notFound = check.error instanceof ApiError && check.error.status === 404;

  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col gap-5 px-5 py-6">
      <header className="flex flex-col gap-1">
        <p className="text-sm font-semibold text-neutral-600">
          {organisasi?.nama_organisasi ?? 'UKT Penguji'}
        </p>
        <h1 className="text-xl font-bold">Verifikasi Piagam</h1>
      </header>
      {check.isPending && <Spinner label="Memeriksa piagam…" />}
      {check.data && <VerifikasiResultCard data={check.data} />}
      {notFound && (
        <Card
          role="alert"
          className="flex flex-col gap-2 ring-red-200"
          data-testid="verifikasi-tidak-ditemukan"
        >
          <h2 className="text-lg font-bold text-red-800">Sertifikat tidak ditemukan</h2>
          <p className="text-sm text-neutral-700">
            Kode piagam ini tidak terdaftar. Pastikan alamat sama persis dengan yang tercetak di bawah QR
            piagam, atau tanyakan kepada panitia yang menerbitkannya.
          </p>
        </Card>
      )}
      {check.isError && !notFound && (
        <Card role="alert" className="flex flex-col gap-3">
          <p className="text-sm text-red-800">{check.error.message}</p>
          <Button variant="secondary" onClick={() => void check.refetch()} disabled={check.isFetching}>
            Coba lagi
          </Button>
        </Card>
      )}
      <p className="text-xs text-neutral-500">
        Halaman ini hanya menampilkan nama, sabuk, kegiatan dan status dari data panitia. Cocokkan dengan
        piagam yang Anda pegang.
      </p>
    </main>
  );
}
