import {
  type PanitiaPeserta,
  PESERTA_FIELDS_SENDIRI,
  PESERTA_KUNCI,
  type PesertaFieldSendiri,
  PesertaInput,
} from '@ukt/core';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { TextField } from '../../components/field';
import { type FieldErrors, fieldErrors } from '../../components/form-errors';
import { NO_REGION, type Region, RegionSelects } from '../../components/region-selects';
import { useSavePeserta } from '../api/save-peserta';

/** The participant's own fields the form shows, full-width ones first (PESERTA_FIELDS). */
const FULL_FIELDS = PESERTA_FIELDS_SENDIRI.filter((f) => f.form.lebar === 'penuh');
const HALF_FIELDS = PESERTA_FIELDS_SENDIRI.filter((f) => f.form.lebar === 'separuh');

type Kolom = PesertaFieldSendiri['kolom'];

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
  const [values, setValues] = useState(
    () =>
      Object.fromEntries(
        PESERTA_FIELDS_SENDIRI.map((f) => [f.kolom, peserta ? String(peserta[f.kolom]) : '']),
      ) as Record<Kolom, string>,
  );
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
  const set = (field: Kolom) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = PesertaInput.safeParse({
      ...values,
      // Empty on a new participant: the server gives the event's next free number.
      [PESERTA_KUNCI]: values[PESERTA_KUNCI].trim() || undefined,
      id_rayon: region.id_rayon,
    });
    const found = input.success ? {} : fieldErrors(input.error);
    if (!region.id_rayon) found.id_rayon = 'Pilih rayon (rayon menentukan ranting, cabang dan perwapus)';
    if (!input.success || !region.id_rayon) return setErrors(found);
    setErrors({});
    save.mutate({ idSiswa: peserta?.id_siswa ?? null, input: input.data }, { onSuccess: onDone });
  };

  /** One of the participant's own fields: a number is typed on the phone's number pad. */
  const field = (f: PesertaFieldSendiri) => (
    <TextField
      key={f.kolom}
      label={('label' in f.form && f.form.label) || f.label}
      inputMode={f.jenis === 'nomor' ? 'numeric' : undefined}
      value={values[f.kolom]}
      onValue={set(f.kolom)}
      error={errors[f.kolom]}
      hint={!peserta && 'petunjukBaru' in f.form ? f.form.petunjukBaru : undefined}
      maxLength={f.jenis === 'nomor' ? undefined : f.max}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {FULL_FIELDS.map(field)}
      <div className="grid grid-cols-2 gap-3">{HALF_FIELDS.map(field)}</div>
      <RegionSelects levels={4} value={region} onChange={setRegion} empty="Pilih…" errors={errors} />
      {save.isError && <Notice tone="error">{save.error.message}</Notice>}
      <Button type="submit" disabled={save.isPending} className="h-12 text-base">
        {save.isPending ? 'Menyimpan…' : 'Simpan'}
      </Button>
    </form>
  );
}
