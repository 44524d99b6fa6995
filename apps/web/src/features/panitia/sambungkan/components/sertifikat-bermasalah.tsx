import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Notice } from '../../../../components/ui/notice';
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
      <Notice tone="error">{masalah}</Notice>
      <Button variant="secondary" disabled={checking} onClick={onCheck}>
        {checking ? 'Memeriksa…' : 'Periksa lagi'}
      </Button>
    </Card>
  );
}
