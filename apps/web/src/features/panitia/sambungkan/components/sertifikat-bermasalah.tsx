import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Notice } from '../../../../components/ui/notice';
import { UntukPetugasIt } from '../../components/untuk-petugas-it';
import { JudulLangkah } from './judul-langkah';

/**
 * The certificate step when the server could not read the certificate at its address: no QR (a
 * phone would download nothing it can check), the server's message, and a way to look again.
 */
export function SertifikatBermasalah({
  masalah,
  checking,
  onCheck,
}: {
  masalah: string;
  checking: boolean;
  onCheck: () => void;
}) {
  return (
    <Card className="flex flex-col gap-3">
      <JudulLangkah langkah={1} judul="Pasang sertifikat" />
      <Notice tone="error">
        Sertifikat untuk HP belum dapat dibaca dari laptop ini, jadi QR-nya belum ditampilkan. Minta petugas
        IT memeriksanya, lalu tekan &quot;Periksa lagi&quot;.
      </Notice>
      <UntukPetugasIt>
        <p data-testid="masalah-sertifikat">{masalah}</p>
      </UntukPetugasIt>
      <Button variant="secondary" disabled={checking} onClick={onCheck}>
        {checking ? 'Memeriksa…' : 'Periksa lagi'}
      </Button>
    </Card>
  );
}
