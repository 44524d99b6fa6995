import { ANSWER_LETTERS, type PanitiaSoal, SoalInput } from '@ukt/core';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { SelectField, TextAreaField } from '../../components/field';
import { type FieldErrors, fieldErrors } from '../../components/form-errors';
import { type SoalTersimpan, useUpdateSoal } from '../api/update-soal';

const KEY_OPTIONS = ANSWER_LETTERS.map((l) => ({ value: l, label: l.toUpperCase() }));

/** Edits one KESHAN question: its text, the four choices and the key (SoalInput). */
export function SoalForm({ soal, onDone }: { soal: PanitiaSoal; onDone: (hasil: SoalTersimpan) => void }) {
  const [values, setValues] = useState({
    soal_tanya: soal.soal_tanya,
    a: soal.a,
    b: soal.b,
    c: soal.c,
    d: soal.d,
    jawaban_benar: soal.jawaban_benar as string,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateSoal(soal.id_tingkat);
  const set = (field: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const keyChanged = values.jawaban_benar !== soal.jawaban_benar;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = SoalInput.safeParse(values);
    if (!input.success) return setErrors(fieldErrors(input.error));
    setErrors({});
    update.mutate({ idSoal: soal.id_soal, input: input.data }, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <TextAreaField
        label={`Soal no ${soal.no}`}
        value={values.soal_tanya}
        onValue={set('soal_tanya')}
        error={errors.soal_tanya}
        maxLength={1000}
      />
      {ANSWER_LETTERS.map((letter) => (
        <TextAreaField
          key={letter}
          label={`Pilihan ${letter.toUpperCase()}`}
          rows={2}
          value={values[letter]}
          onValue={set(letter)}
          error={errors[letter]}
          maxLength={300}
        />
      ))}
      <SelectField
        label="Kunci jawaban"
        value={values.jawaban_benar}
        options={KEY_OPTIONS}
        onValue={set('jawaban_benar')}
        error={errors.jawaban_benar}
      />
      {keyChanged && (
        <Notice>
          Kunci berubah: semua lembar jawaban KESHAN tingkat ini yang tersimpan dinilai ulang saat disimpan.
        </Notice>
      )}
      {update.isError && <Notice tone="error">{update.error.message}</Notice>}
      <Button type="submit" disabled={update.isPending} className="h-12 text-base">
        {update.isPending ? 'Menyimpan…' : 'Simpan'}
      </Button>
    </form>
  );
}
