import type { ReactNode } from 'react';
import { Card } from '../../../../components/ui/card';
import { QrImage } from '../../components/qr-image';

/** One numbered step of connecting a phone: its QR code, the address written out, and what to do. */
export function AlamatQr({
  langkah,
  judul,
  alamat,
  label,
  children,
}: {
  langkah: number;
  judul: string;
  alamat: string;
  /** The QR image's accessible name. */
  label: string;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="font-bold">
        <span className="mr-2 inline-flex size-7 items-center justify-center rounded-full bg-brand text-sm text-on-brand">
          {langkah}
        </span>
        {judul}
      </h2>
      <div className="flex flex-col items-center gap-2">
        <QrImage text={alamat} label={label} />
        {/* Written out too, for a phone whose camera does not read QR codes. */}
        <p className="font-mono text-base font-semibold break-all text-center">{alamat}</p>
      </div>
      {children}
    </Card>
  );
}
