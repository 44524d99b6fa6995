import { BatalSahkanBody } from '@ukt/core';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { TextAreaField } from '../../components/field';
import { fieldErrors } from '../../components/form-errors';
import { useSahkan } from '../api/sahkan';

/** Un-ratifies an event: the reason is required and kept in the audit log. */
export function BatalSahkanForm({ idUkt, onDone }: { idUkt: string; onDone: (message: string) => void }) {
  const [alasan, setAlasan] = useState('');
  const [error, setError] = useState<string | undefined>();
  const sahkan = useSahkan(idUkt);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = BatalSahkanBody.safeParse({ alasan });
    if (!body.success) return setError(fieldErrors(body.error).alasan);
    setError(undefined);
    sahkan.mutate(body.data.alasan, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-neutral-700">
        Sesudah pengesahan dibatalkan, HP penguji dapat menyimpan nilai lagi dan panitia dapat mengoreksi.
        Ekspor kembali bertanda DRAF.
      </p>
      <TextAreaField
        label="Alasan pembatalan"
        value={alasan}
        onValue={setAlasan}
        error={error}
        hint="Wajib. Tercatat di audit."
        rows={3}
        maxLength={500}
      />
      {sahkan.isError && <Notice tone="error">{sahkan.error.message}</Notice>}
      <Button type="submit" variant="danger" disabled={sahkan.isPending} className="h-12 text-base">
        {sahkan.isPending ? 'Menyimpan…' : 'Batalkan pengesahan'}
      </Button>
    </form>
  );
}
