import { JABATAN_BAWAAN, PENANDATANGAN, type PenandatanganKey, PenandatanganSet } from '@ukt/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { showSuccess } from '../../../lib/dialogs';
import { TextField } from '../components/field';
import { type FieldErrors, fieldErrors } from '../components/form-errors';
import { useUpdatePenandatangan, useUpdatePenandatanganKegiatan } from './api/penandatangan';

/** Which documents each signatory signs, as the form says it. */
const DOKUMEN: Record<PenandatanganKey, string> = {
  ketua_panitia: 'Piagam dan berita acara',
  sekretaris_panitia: 'Berita acara',
  ketua_organisasi: 'Piagam',
  penguji: 'Berita acara',
};

/** What saving a set of signatories looks like to the form. */
interface Save {
  mutate: (input: PenandatanganSet, options: { onSuccess: (answer: { message: string }) => void }) => void;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
}

/**
 * The four signatories' titles and names; `bawaan` is what an empty field prints (the
 * organisation's for an event, the default titles for the organisation).
 */
function PenandatanganFields({
  label,
  intro,
  initial,
  bawaan,
  save,
  submit: submitLabel,
  onDone,
}: {
  label: string;
  intro: ReactNode;
  initial: PenandatanganSet;
  bawaan: PenandatanganSet;
  save: Save;
  submit: string;
  onDone?: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (key: PenandatanganKey, field: 'jabatan' | 'nama') => (value: string) =>
    setValues((v) => ({ ...v, [key]: { ...v[key], [field]: value } }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = PenandatanganSet.safeParse(values);
    if (!input.success) return setErrors(fieldErrors(input.error));
    setErrors({});
    save.mutate(input.data, {
      onSuccess: ({ message }) => {
        onDone?.();
        void showSuccess(message);
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={label}>
      {intro}
      {PENANDATANGAN.map((key) => (
        <fieldset key={key} className="grid gap-2 rounded-lg border border-neutral-200 p-3 sm:grid-cols-2">
          <legend className="px-1 text-sm font-medium text-neutral-700">
            {JABATAN_BAWAAN[key]} <span className="font-normal text-neutral-500">· {DOKUMEN[key]}</span>
          </legend>
          <TextField
            label="Jabatan"
            value={values[key].jabatan}
            onValue={set(key, 'jabatan')}
            placeholder={bawaan[key].jabatan || JABATAN_BAWAAN[key]}
            maxLength={80}
          />
          <TextField
            label="Nama"
            value={values[key].nama}
            onValue={set(key, 'nama')}
            placeholder={bawaan[key].nama || 'Nama lengkap dengan gelar'}
            error={errors[key]}
            maxLength={100}
          />
        </fieldset>
      ))}
      {save.isError && <Notice tone="error">{save.error?.message}</Notice>}
      <Button type="submit" disabled={save.isPending} className="h-12 text-base">
        {save.isPending ? 'Menyimpan…' : submitLabel}
      </Button>
    </form>
  );
}

const NO_ONE = PenandatanganSet.parse({});

/**
 * The organisation's signatories printed on the piagam and the berita acara (docs/decisions/110):
 * a title and a name each; an empty title prints the default one, an empty name a line to write
 * it by hand.
 */
export function PenandatanganForm({ initial }: { initial: PenandatanganSet }) {
  const save = useUpdatePenandatangan();
  return (
    <PenandatanganFields
      label="Penandatangan dokumen"
      intro={
        <div>
          <h2 className="font-bold">Penandatangan dokumen</h2>
          <p className="text-sm text-neutral-600">
            Nama dan jabatan ini dicetak di bawah tanda tangan piagam dan berita acara setiap kegiatan. Nama
            kosong: dicetak garis untuk ditulis tangan. Satu kegiatan dapat memakai penandatangan lain dari
            halaman Rekap.
          </p>
        </div>
      }
      initial={initial}
      bawaan={NO_ONE}
      save={save}
      submit="Simpan penandatangan"
    />
  );
}

/** One event's own signatories; what it leaves empty is the organisation's (shown as the placeholder). */
export function PenandatanganKegiatanForm({
  idUkt,
  initial,
  organisasi,
  onDone,
}: {
  idUkt: string;
  initial: PenandatanganSet;
  organisasi: PenandatanganSet;
  onDone: () => void;
}) {
  const save = useUpdatePenandatanganKegiatan(idUkt);
  return (
    <PenandatanganFields
      label="Penandatangan kegiatan ini"
      intro={
        <p className="text-sm text-neutral-600">
          Isi hanya yang berbeda untuk kegiatan ini. Kolom yang kosong memakai penandatangan organisasi
          (tampil samar di kolom).
        </p>
      }
      initial={initial}
      bawaan={organisasi}
      save={save}
      submit="Simpan untuk kegiatan ini"
      onDone={onDone}
    />
  );
}
