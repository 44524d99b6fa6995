import { KegiatanInput, type PanitiaKegiatan } from '@ukt/core';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { SelectField, TextField } from '../../components/field';
import { type FieldErrors, fieldErrors } from '../../components/form-errors';
import { TINGKAT_OPTIONS } from '../../components/tingkat-options';
import { useSaveKegiatan } from '../api/save-kegiatan';

/** Creates an event (kegiatan null) or edits one: the fields of KegiatanInput. */
export function KegiatanForm({
  kegiatan,
  onDone,
}: {
  kegiatan: PanitiaKegiatan | null;
  onDone: (message: string) => void;
}) {
  const [values, setValues] = useState({
    nama_ukt: kegiatan?.nama_ukt ?? '',
    nama_kegiatan: kegiatan?.nama_kegiatan ?? '',
    tanggal_tes: kegiatan?.tanggal_tes.slice(0, 10) ?? '',
    akhir_tes: kegiatan?.akhir_tes?.slice(0, 10) ?? '',
    id_tingkat: kegiatan?.id_tingkat ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveKegiatan();
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = KegiatanInput.safeParse(values);
    if (!input.success) return setErrors(fieldErrors(input.error));
    setErrors({});
    save.mutate({ idUkt: kegiatan?.id_ukt ?? null, input: input.data }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label="Nama UKT"
        value={values.nama_ukt}
        onValue={set('nama_ukt')}
        error={errors.nama_ukt}
        maxLength={150}
        placeholder="UKT Cabang Kota Madiun 2026"
      />
      <TextField
        label="Nama kegiatan"
        value={values.nama_kegiatan}
        onValue={set('nama_kegiatan')}
        error={errors.nama_kegiatan}
        maxLength={150}
        placeholder="Ujian Kenaikan Tingkat"
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label="Tanggal tes"
          type="date"
          value={values.tanggal_tes}
          onValue={set('tanggal_tes')}
          error={errors.tanggal_tes}
        />
        <TextField
          label="Akhir tes"
          type="date"
          value={values.akhir_tes}
          onValue={set('akhir_tes')}
          error={errors.akhir_tes}
          hint="Kosongkan bila satu hari"
        />
      </div>
      <SelectField
        label="Tingkat (sabuk)"
        value={values.id_tingkat}
        onValue={set('id_tingkat')}
        error={errors.id_tingkat}
        empty="Pilih tingkat"
        options={TINGKAT_OPTIONS}
      />
      {save.isError && <Notice tone="error">{save.error.message}</Notice>}
      <Button type="submit" disabled={save.isPending} className="h-12 text-base">
        {save.isPending ? 'Menyimpan…' : 'Simpan'}
      </Button>
    </form>
  );
}
