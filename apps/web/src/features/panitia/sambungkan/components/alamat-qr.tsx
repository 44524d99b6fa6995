import type { ReactNode } from 'react';
import { Card } from '../../../../components/ui/card';
import { QrImage } from '../../components/qr-image';
import { JudulLangkah } from './judul-langkah';

/** One numbered step of connecting a phone: its QR code, the address written out, and what to do. */
export function AlamatQr({
  langkah,
  judul,
  alamat,
  label,
  besideQr,
  children,
}: {
  langkah: number;
  judul: string;
  alamat: string;
  /** The QR image's accessible name. */
  label: string;
  /** What the phone checks against what it downloads, shown right under the address. */
  besideQr?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-3">
      <JudulLangkah langkah={langkah} judul={judul} />
      <div className="flex flex-col items-center gap-2">
        <QrImage text={alamat} label={label} />
        {/* Written out too, for a phone whose camera does not read QR codes. */}
        <p className="font-mono text-base font-semibold break-all text-center">{alamat}</p>
        {besideQr}
      </div>
      {children}
    </Card>
  );
}
