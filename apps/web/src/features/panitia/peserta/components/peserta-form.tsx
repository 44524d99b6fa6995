import { type PanitiaPeserta, PesertaInput } from '@ukt/core';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { TextField } from '../../components/field';
import { type FieldErrors, fieldErrors } from '../../components/form-errors';
import { NO_REGION, type Region, RegionSelects } from '../../components/region-selects';
import { useSavePeserta } from '../api/save-peserta';

/** Adds a participant to an event (peserta null) or edits one: the fields of PesertaInput. */
export function PesertaForm({
  idUkt,
  peserta,
  onDone,
}: {
  idUkt: string;
  peserta: PanitiaPeserta | null;
  onDone: (message: string) => void;
}) {
  const [values, setValues] = useState({
    no_urut: peserta ? String(peserta.no_urut) : '',
    nama: peserta?.nama ?? '',
    provinsi: peserta?.provinsi ?? '',
  });
  const [region, setRegion] = useState<Region>(
    peserta
      ? {
          id_perwapus: peserta.id_perwapus,
          id_cabang: peserta.id_cabang,
          id_ranting: peserta.id_ranting,
          id_rayon: peserta.id_rayon,
        }
      : NO_REGION,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSavePeserta(idUkt);
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = PesertaInput.safeParse({
      ...values,
      // Empty on a new participant: the server gives the event's next free number.
      no_urut: values.no_urut.trim() || undefined,
      id_rayon: region.id_rayon,
    });
    const found = input.success ? {} : fieldErrors(input.error);
    if (!region.id_rayon) found.id_rayon = 'Pilih rayon (rayon menentukan ranting, cabang dan perwapus)';
    if (!input.success || !region.id_rayon) return setErrors(found);
    setErrors({});
    save.mutate({ idSiswa: peserta?.id_siswa ?? null, input: input.data }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField label="Nama" value={values.nama} onValue={set('nama')} error={errors.nama} maxLength={120} />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="No urut"
          inputMode="numeric"
          value={values.no_urut}
          onValue={set('no_urut')}
          error={errors.no_urut}
          hint={peserta ? undefined : 'Kosongkan: nomor berikutnya'}
        />
        <TextField
          label="Provinsi"
          value={values.provinsi}
          onValue={set('provinsi')}
          error={errors.provinsi}
          maxLength={80}
        />
      </div>
      <RegionSelects levels={4} value={region} onChange={setRegion} empty="Pilih…" errors={errors} />
      {save.isError && <Notice tone="error">{save.error.message}</Notice>}
      <Button type="submit" disabled={save.isPending} className="h-12 text-base">
        {save.isPending ? 'Menyimpan…' : 'Simpan'}
      </Button>
    </form>
  );
}
