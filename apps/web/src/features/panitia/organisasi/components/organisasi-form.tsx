import { OrganisasiInput, type PanitiaOrganisasi } from '@ukt/core';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { DEFAULT_WARNA } from '../../../../lib/config';
import { showSuccess } from '../../../../lib/dialogs';
import { TextAreaField, TextField } from '../../components/field';
import { type FieldErrors, fieldErrors } from '../../components/form-errors';
import { useUpdateOrganisasi } from '../api/update-organisasi';

const WARNA = [
  { field: 'warna', label: 'Warna utama' },
  { field: 'warna2', label: 'Warna 2' },
  { field: 'warna3', label: 'Warna 3' },
  { field: 'warna4', label: 'Warna 4' },
] as const;

/** A colour input wants #rrggbb; anything else starts from the app's default colour. */
const colour = (value: string) =>
  /^#[0-9a-f]{6}$/i.test(value) ? value.toLowerCase() : DEFAULT_WARNA.toLowerCase();

function ColourField({
  label,
  value,
  onValue,
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <input
        id={id}
        type="color"
        value={value}
        onChange={(e) => onValue(e.target.value)}
        className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border-2 border-neutral-300 bg-white p-1"
      />
      <label htmlFor={id} className="flex flex-col text-sm">
        <span className="font-medium">{label}</span>
        <span className="font-mono text-xs text-neutral-500">{value}</span>
      </label>
    </div>
  );
}

/** Name, city, the four colours and the announcement (OrganisasiInput). */
export function OrganisasiForm({ organisasi }: { organisasi: PanitiaOrganisasi }) {
  const [values, setValues] = useState({
    nama_organisasi: organisasi.nama_organisasi,
    kota: organisasi.kota,
    warna: colour(organisasi.warna),
    warna2: colour(organisasi.warna2),
    warna3: colour(organisasi.warna3),
    warna4: colour(organisasi.warna4),
    pengumuman: organisasi.pengumuman,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateOrganisasi();
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = OrganisasiInput.safeParse(values);
    if (!input.success) return setErrors(fieldErrors(input.error));
    setErrors({});
    update.mutate(input.data, { onSuccess: ({ message }) => void showSuccess(message) });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextField
        label="Nama organisasi"
        value={values.nama_organisasi}
        onValue={set('nama_organisasi')}
        error={errors.nama_organisasi}
        maxLength={150}
      />
      <TextField label="Kota" value={values.kota} onValue={set('kota')} error={errors.kota} maxLength={80} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-neutral-700">Warna</legend>
        <div className="grid grid-cols-2 gap-3">
          {WARNA.map(({ field, label }) => (
            <ColourField key={field} label={label} value={values[field]} onValue={set(field)} />
          ))}
        </div>
        {WARNA.some(({ field }) => errors[field]) && (
          <p className="text-xs font-medium text-red-700">
            {WARNA.map(({ field }) => errors[field]).find(Boolean)}
          </p>
        )}
      </fieldset>
      <TextAreaField
        label="Pengumuman untuk penguji"
        value={values.pengumuman}
        onValue={set('pengumuman')}
        error={errors.pengumuman}
        maxLength={2000}
        rows={5}
        hint={`Tampil di halaman utama penguji. Kosongkan bila tidak ada. ${values.pengumuman.length}/2000`}
      />
      {update.isError && <Notice tone="error">{update.error.message}</Notice>}
      <Button type="submit" disabled={update.isPending} className="h-12 text-base">
        {update.isPending ? 'Menyimpan…' : 'Simpan'}
      </Button>
    </form>
  );
}
