import { useEffect, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';

/** A QR code of a text (a login link, the app's address) to scan with a phone; qrcode loads only here. */
export function QrImage({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setSrc(null);
    setFailed(false);
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(text, { margin: 2, width: 480, errorCorrectionLevel: 'M' }))
      .then((url) => live && setSrc(url))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [text]);

  if (failed) return <p className="text-sm text-red-700">QR tidak dapat dibuat. Salin tautannya saja.</p>;
  if (!src) return <Spinner label="Membuat QR…" />;
  return (
    <img
      src={src}
      alt={label}
      width={240}
      height={240}
      className="size-60 rounded-xl bg-white ring-1 ring-black/10"
    />
  );
}
