import { CadanganInput } from '@ukt/core';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { TextField } from '../../components/field';
import { type FieldErrors, fieldErrors } from '../../components/form-errors';
import { useCreateCadangan } from '../api/create-cadangan';

/**
 * Makes a backup now: without a passphrase, or sealed with one typed twice. The passphrase is
 * never stored anywhere, so the form says what forgetting it means before it is used.
 */
export function CadanganForm({ onDone }: { onDone: (name: string) => void }) {
  const [sandi, setSandi] = useState('');
  const [ulang, setUlang] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const create = useCreateCadangan();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = CadanganInput.safeParse(sandi ? { passphrase: sandi } : {});
    if (!input.success) return setErrors(fieldErrors(input.error));
    if (sandi !== ulang) return setErrors({ ulang: 'Kata sandi tidak sama. Ketik ulang yang sama persis.' });
    setErrors({});
    create.mutate(input.data, { onSuccess: (made) => onDone(made.name) });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-neutral-700">
        Cadangan dibuat saat server tetap berjalan; penguji boleh terus menyimpan nilai. Kata sandi boleh
        dikosongkan.
      </p>
      <TextField
        label="Kata sandi (boleh kosong)"
        type="password"
        autoComplete="new-password"
        value={sandi}
        onValue={setSandi}
        error={errors.passphrase}
        hint="Minimal 8 karakter. Arsip berkata sandi hanya dapat dipulihkan dengan kata sandi ini."
      />
      <TextField
        label="Ulangi kata sandi"
        type="password"
        autoComplete="new-password"
        value={ulang}
        onValue={setUlang}
        error={errors.ulang}
      />
      <Notice>
        Kata sandi yang terlupa tidak dapat dipulihkan. Tanpa kata sandi itu tidak seorang pun, termasuk
        panitia, dapat membuka cadangan berkata sandi. Catat dan simpan di tempat aman.
      </Notice>
      {create.isError && <Notice tone="error">{create.error.message}</Notice>}
      <Button type="submit" disabled={create.isPending} className="h-12 text-base">
        {create.isPending ? 'Membuat cadangan…' : sandi ? 'Buat cadangan berkata sandi' : 'Buat cadangan'}
      </Button>
    </form>
  );
}
