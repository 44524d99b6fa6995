import {
  formatNilai,
  formatNilaiKolom,
  KOMPONEN,
  type KomponenKey,
  KoreksiBody,
  komponenLabel,
  RENTANG_KOMPONEN,
  type RekapRow,
} from '@ukt/core';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { SelectField, TextAreaField, TextField } from '../../components/field';
import { type FieldErrors, fieldErrors } from '../../components/form-errors';
import { useKoreksi } from '../api/koreksi';

/**
 * Corrects one score of a participant: the component, the new value and a required reason; the
 * audit log keeps who, when, old, new and why.
 */
export function KoreksiForm({
  idUkt,
  row,
  komponen,
  onDone,
}: {
  idUkt: string;
  row: RekapRow;
  /** The components the rule counts, offered first. */
  komponen: readonly KomponenKey[];
  onDone: (message: string) => void;
}) {
  const keys = [...komponen, ...KOMPONEN.map((k) => k.key).filter((k) => !komponen.includes(k))];
  const [key, setKey] = useState<KomponenKey>(keys[0] ?? 'jurus');
  const [nilai, setNilai] = useState('');
  const [alasan, setAlasan] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const koreksi = useKoreksi(idUkt);
  const sekarang = row.nilai[key] ?? null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = nilai.trim().replace(',', '.');
    const body = KoreksiBody.safeParse({
      id_siswa: row.id_siswa,
      komponen: key,
      nilai: text === '' ? undefined : Number(text),
      alasan,
    });
    if (!body.success) return setErrors(fieldErrors(body.error));
    setErrors({});
    koreksi.mutate(body.data, { onSuccess: onDone });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm">
        <span className="font-semibold">{row.nama}</span> · no {row.no_urut} · {row.ranting}
      </p>
      <SelectField
        label="Komponen"
        value={key}
        options={keys.map((k) => ({ value: k, label: komponenLabel(k) }))}
        onValue={(value) => setKey(value as KomponenKey)}
        error={errors.komponen}
      />
      <p className="text-sm text-neutral-700" data-testid="nilai-sekarang">
        Nilai sekarang: <span className="font-semibold tabular-nums">{formatNilaiKolom(sekarang)}</span>
        {sekarang === null && ' (belum dinilai)'}
      </p>
      <TextField
        label="Nilai baru"
        inputMode="decimal"
        value={nilai}
        onValue={setNilai}
        error={errors.nilai}
        hint={`${formatNilai(RENTANG_KOMPONEN[key].min)} sampai ${formatNilai(RENTANG_KOMPONEN[key].max)}`}
      />
      <TextAreaField
        label="Alasan koreksi"
        value={alasan}
        onValue={setAlasan}
        error={errors.alasan}
        hint="Wajib. Tercatat di audit bersama nama Anda, nilai lama dan nilai baru."
        rows={3}
        maxLength={500}
      />
      {koreksi.isError && <Notice tone="error">{koreksi.error.message}</Notice>}
      <Button type="submit" disabled={koreksi.isPending} className="h-12 text-base">
        {koreksi.isPending ? 'Menyimpan…' : 'Simpan koreksi'}
      </Button>
    </form>
  );
}
