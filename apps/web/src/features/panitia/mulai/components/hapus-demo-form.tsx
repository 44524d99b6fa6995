import { HapusDemoInput, type MulaiStatus, nomorWa } from '@ukt/core';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { rememberLogoutMessage } from '../../../../lib/logout-notice';
import { logout } from '../../../../lib/session';
import { confirmAction } from '../../components/confirm';
import { TextField } from '../../components/field';
import { type FieldErrors, fieldErrors } from '../../components/form-errors';
import { useHapusDemo } from '../api/hapus-demo';

/** The demo organisation's name: the committee is asked for its own instead. */
const NAMA_DEMO = 'Perguruan Pencak Silat Demo';

/**
 * The organisation's own name and, when a demo examiner signed in, its own admin numbers; then, after
 * a confirmation naming what goes, the demo is removed (docs/decisions/154).
 */
export function HapusDemoForm({
  status,
  onDone,
}: {
  status: MulaiStatus;
  onDone: (message: string) => void;
}) {
  const [nama, setNama] = useState(status.nama_organisasi === NAMA_DEMO ? '' : status.nama_organisasi);
  const [admin, setAdmin] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const hapus = useHapusDemo();
  const demo = status.demo;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const input = HapusDemoInput.safeParse({
      nama_organisasi: nama,
      admin: admin.split(',').filter((n) => n.trim()),
    });
    if (!input.success) return setErrors(fieldErrors(input.error));
    setErrors({});
    const sure = await confirmAction(
      'Hapus data demo?',
      `${demo?.kegiatan ?? 0} kegiatan demo, ${demo?.peserta ?? 0} peserta dan ${demo?.penguji ?? 0} penguji demo beserta nilainya dihapus dan tidak dapat dikembalikan, juga peserta yang Anda tambahkan ke kegiatan demo. Kegiatan dan penguji Anda sendiri tetap ada.`,
      'Ya, hapus data demo',
    );
    if (!sure) return;
    hapus.mutate(input.data, {
      onSuccess: ({ message, hasil }) => {
        if (!hasil.keluar) return onDone(message);
        // The demo admin who asked is gone with the demo: sign in again with an admin number.
        rememberLogoutMessage(
          `${message} Masuk lagi dengan nomor admin panitia: ${hasil.admin.map(nomorWa).join(', ')}.`,
        );
        logout();
        window.location.assign('/login');
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label="Nama organisasi"
        value={nama}
        onValue={setNama}
        error={errors.nama_organisasi}
        maxLength={150}
        placeholder="Perguruan Pencak Silat Harapan"
      />
      <TextField
        label="Nomor WhatsApp admin panitia"
        type="tel"
        inputMode="tel"
        value={admin}
        onValue={setAdmin}
        error={errors.admin}
        placeholder="0812-3456-7890"
        hint={
          status.masuk_sebagai_demo
            ? 'Wajib bila belum ada admin panitia sendiri: Anda masuk sebagai penguji demo, yang ikut dihapus. Beberapa nomor dipisah koma.'
            : 'Boleh kosong: Anda sudah admin panitia. Beberapa nomor dipisah koma.'
        }
      />
      {hapus.isError && <Notice tone="error">{hapus.error.message}</Notice>}
      <Button type="submit" variant="danger" disabled={hapus.isPending} className="h-12 text-base">
        {hapus.isPending ? 'Menghapus…' : 'Hapus data demo'}
      </Button>
    </form>
  );
}
