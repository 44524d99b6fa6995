import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { Icon } from '../../../../components/ui/icon';
import { showSuccess } from '../../../../lib/dialogs';
import { Sheet } from '../../components/sheet';
import { useMulai } from '../api/get-mulai';
import { HapusDemoForm } from './hapus-demo-form';

const CHECK = 'M5 13l4 4L19 7';

/**
 * The top of the console's first page (docs/decisions/154): while the demo is there, what it holds and
 * "Hapus data demo"; else, until the organisation has them, its first steps: an event, examiners,
 * participants. Gone once done.
 */
export function MulaiPanel({ onBuatKegiatan }: { onBuatKegiatan: () => void }) {
  const query = useMulai();
  const [hapus, setHapus] = useState(false);
  const status = query.data;
  if (!status) return null;

  if (status.demo) {
    const { kegiatan, peserta, penguji } = status.demo;
    return (
      <section
        aria-label="Data demo"
        className="flex flex-col gap-3 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-200 md:flex-row md:items-center"
      >
        <div className="flex-1 text-sm text-amber-950">
          <h2 className="text-base font-bold">Ini masih data demo</h2>
          <p>
            {kegiatan} kegiatan, {peserta} peserta dan {penguji} penguji di sini hanya untuk mencoba. Hapus
            sebelum ujian sungguhan; kegiatan dan penguji Anda sendiri tetap ada.
          </p>
        </div>
        <Button variant="danger" onClick={() => setHapus(true)}>
          Hapus data demo
        </Button>
        {hapus && (
          <Sheet title="Hapus data demo" onClose={() => setHapus(false)}>
            <HapusDemoForm
              status={status}
              onDone={(message) => {
                setHapus(false);
                void showSuccess(message);
              }}
            />
          </Sheet>
        )}
      </section>
    );
  }

  const steps = [
    { done: status.kegiatan > 0, label: 'Buat kegiatan', action: { button: onBuatKegiatan } },
    { done: status.penguji > 0, label: 'Impor penguji', action: { to: '/panitia/impor' } },
    { done: status.peserta > 0, label: 'Impor peserta', action: { to: '/panitia/impor' } },
  ];
  if (steps.every((s) => s.done)) return null;
  return (
    <section aria-label="Langkah pertama" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5">
      <h2 className="text-base font-bold">Langkah pertama</h2>
      <p className="text-sm text-neutral-700">{status.nama_organisasi} siap dipakai. Sebelum hari ujian:</p>
      <ol className="mt-2 flex flex-col gap-1">
        {steps.map((step, i) => (
          <li key={step.label} className="flex min-h-11 items-center gap-3 text-sm">
            <span
              className={`inline-flex size-7 shrink-0 items-center justify-center rounded-full font-bold ${
                step.done ? 'bg-green-100 text-green-800' : 'bg-neutral-100 text-neutral-800'
              }`}
            >
              {step.done ? <Icon path={CHECK} className="size-4" label="Selesai" /> : i + 1}
            </span>
            {step.done ? (
              <span className="text-neutral-600 line-through">{step.label}</span>
            ) : 'button' in step.action ? (
              <button
                type="button"
                onClick={step.action.button}
                className="font-semibold text-neutral-900 underline decoration-brand decoration-2 underline-offset-4"
              >
                {step.label}
              </button>
            ) : (
              <Link
                to={step.action.to}
                className="font-semibold text-neutral-900 underline decoration-brand decoration-2 underline-offset-4"
              >
                {step.label}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
