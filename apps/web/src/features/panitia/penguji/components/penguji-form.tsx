import { type PanitiaPenguji, PengujiInput } from '@ukt/core';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { SelectField, TextField } from '../../components/field';
import { type FieldErrors, fieldErrors } from '../../components/form-errors';
import { NO_REGION, type Region, RegionSelects } from '../../components/region-selects';
import { useSavePenguji } from '../api/save-penguji';
import { peranOptions } from './peran';

const DEWAN_OPTIONS = Array.from({ length: 9 }, (_, i) => ({
  value: String(i + 1),
  // SPEC §6: dewan 2 sees and scores only the KESHAN test.
  label: i + 1 === 2 ? '2 (hanya KESHAN)' : String(i + 1),
}));

/** Adds an examiner (penguji null) or edits one: the fields of PengujiInput. */
export function PengujiForm({
  penguji,
  onDone,
}: {
  penguji: PanitiaPenguji | null;
  onDone: (message: string) => void;
}) {
  const [values, setValues] = useState({
    no_wa: penguji?.no_wa ?? '',
    nama: penguji?.nama ?? '',
    panitia: penguji?.panitia ?? 'Penguji',
    dewan: String(penguji?.dewan ?? 1),
  });
  const [region, setRegion] = useState<Region>({
    ...NO_REGION,
    id_perwapus: penguji?.id_perwapus ?? '',
    id_cabang: penguji?.id_cabang ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSavePenguji();
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = PengujiInput.safeParse({
      ...values,
      id_perwapus: region.id_perwapus,
      id_cabang: region.id_cabang,
    });
    if (!input.success) return setErrors(fieldErrors(input.error));
    setErrors({});
    save.mutate({ idPemilih: penguji?.id_pemilih ?? null, input: input.data }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label="Nomor WhatsApp"
        type="tel"
        inputMode="tel"
        autoComplete="off"
        placeholder="0812 3456 7890"
        value={values.no_wa}
        onValue={set('no_wa')}
        error={errors.no_wa}
        hint="Nomor HP yang memakai WhatsApp, ditulis bebas: 0812…, +62 812…, (0812) 3456-7890"
      />
      <TextField label="Nama" value={values.nama} onValue={set('nama')} error={errors.nama} maxLength={120} />
      <RegionSelects levels={2} value={region} onChange={setRegion} empty="Pilih…" errors={errors} />
      <div className="grid grid-cols-2 gap-3">
        <SelectField
          label="Peran panitia"
          value={values.panitia}
          options={peranOptions(penguji?.panitia)}
          onValue={set('panitia')}
          error={errors.panitia}
        />
        <SelectField
          label="Dewan"
          value={values.dewan}
          options={DEWAN_OPTIONS}
          onValue={set('dewan')}
          error={errors.dewan}
        />
      </div>
      {save.isError && <Notice tone="error">{save.error.message}</Notice>}
      <Button type="submit" disabled={save.isPending} className="h-12 text-base">
        {save.isPending ? 'Menyimpan…' : 'Simpan'}
      </Button>
    </form>
  );
}
