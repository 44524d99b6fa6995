import type { TautanLogin } from '@ukt/core';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { showError } from '../../../../lib/dialogs';
import { copyText } from '../../components/copy-text';
import { formatWaktu } from '../../components/format';
import { QrImage } from '../../components/qr-image';

/** A fresh login link: the link to copy, its QR, and 'Kirim via WhatsApp' (DESIGN §9). */
export function TautanView({ tautan, nama }: { tautan: TautanLogin; nama: string }) {
  const [copied, setCopied] = useState(false);
  // The server sends the link whole; a relative one is made whole here so it works off this device.
  const url = new URL(tautan.url, window.location.origin).href;

  const copy = async () => {
    if (await copyText(url)) setCopied(true);
    else void showError('Tautan tidak dapat disalin. Tekan lama tautannya lalu salin.');
  };

  return (
    <div className="flex flex-col items-stretch gap-4">
      <p className="text-sm text-neutral-700">
        Tautan login untuk <span className="font-semibold">{nama}</span>. Sekali pakai, berlaku sampai{' '}
        {formatWaktu(tautan.berlaku_sampai)}.
      </p>
      <input
        readOnly
        aria-label="Tautan login"
        value={url}
        onFocus={(e) => e.target.select()}
        className="h-11 w-full rounded-xl border-2 border-neutral-300 bg-white px-3 font-mono text-sm"
      />
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => void copy()}>
          {copied ? 'Tersalin ✓' : 'Salin'}
        </Button>
        <a
          href={tautan.whatsapp}
          target="_blank"
          rel="noopener"
          className="inline-flex min-h-11 items-center justify-center rounded-xl bg-green-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-green-700"
        >
          Kirim via WhatsApp
        </a>
      </div>
      <div className="flex justify-center">
        <QrImage text={url} label={`QR tautan login ${nama}`} />
      </div>
    </div>
  );
}
