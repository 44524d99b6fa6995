import { type AturanLulus, KOMPONEN, type KomponenKey, PassRuleSchema } from '@ukt/core';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Notice } from '../../../../components/ui/notice';
import { TextField } from '../../components/field';
import { formatWaktu } from '../../components/format';
import { useSaveAturan } from '../api/aturan';

interface KomponenDraft {
  key: KomponenKey;
  ikut: boolean;
  bobot: string;
  minimum: string;
}

const number = (text: string) => Number(text.trim().replace(',', '.'));
const cell =
  'h-10 w-20 rounded-lg border-2 border-neutral-300 px-2 text-right tabular-nums outline-none focus:border-brand';

/**
 * Edits an event's pass rule (DESIGN §10): which components count with their weights and
 * minimums, the minimum final score and the grade bands. Saving stores a new version and the
 * recap follows it at once.
 */
export function AturanForm({
  idUkt,
  aturan,
  disahkan,
  onDone,
}: {
  idUkt: string;
  aturan: AturanLulus;
  disahkan: boolean;
  onDone: (message: string) => void;
}) {
  const rule = aturan.aturan;
  const [komponen, setKomponen] = useState<KomponenDraft[]>(() =>
    KOMPONEN.map(({ key }) => {
      const counted = rule.komponen.find((k) => k.key === key);
      return {
        key,
        ikut: counted !== undefined,
        bobot: String(counted?.bobot ?? 1),
        minimum: counted?.minimum === null || counted === undefined ? '' : String(counted.minimum),
      };
    }),
  );
  const [nilaiMinimum, setNilaiMinimum] = useState(String(rule.nilai_minimum));
  const [predikat, setPredikat] = useState(
    rule.predikat.map((p) => ({ sampai: String(p.sampai), nama: p.nama })),
  );
  const [errors, setErrors] = useState<string[]>([]);
  const save = useSaveAturan(idUkt);

  const setRow = (key: KomponenKey, patch: Partial<KomponenDraft>) =>
    setKomponen((rows) => rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = PassRuleSchema.safeParse({
      komponen: komponen
        .filter((k) => k.ikut)
        .map((k) => ({
          key: k.key,
          bobot: number(k.bobot),
          minimum: k.minimum.trim() === '' ? null : number(k.minimum),
        })),
      nilai_minimum: number(nilaiMinimum),
      predikat: predikat.map((p) => ({ sampai: number(p.sampai), nama: p.nama })),
    });
    if (!parsed.success) return setErrors([...new Set(parsed.error.issues.map((i) => i.message))]);
    setErrors([]);
    save.mutate(parsed.data, {
      onSuccess: (saved) => onDone(`Aturan versi ${saved.versi} disimpan. Rekap sudah mengikutinya.`),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-neutral-700">
        {aturan.versi === 0
          ? 'Aturan bawaan (belum pernah diubah).'
          : `Versi ${aturan.versi}, diubah ${formatWaktu(aturan.diubah_at)}${aturan.diubah_oleh ? ` oleh ${aturan.diubah_oleh}` : ''}.`}
      </p>
      {disahkan && (
        <Notice>Nilai kegiatan ini sudah disahkan. Batalkan pengesahan dulu untuk mengubah aturan.</Notice>
      )}
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-semibold">Komponen yang dihitung</legend>
        <div className="grid grid-cols-[1fr_auto_auto] items-center gap-x-3 gap-y-1 text-sm">
          <span className="text-xs text-neutral-600">Komponen</span>
          <span className="text-xs text-neutral-600">Bobot</span>
          <span className="text-xs text-neutral-600">Minimum</span>
          {komponen.map((k) => {
            const label = KOMPONEN.find((x) => x.key === k.key)?.label ?? k.key;
            return (
              <div key={k.key} className="contents" data-komponen={k.key}>
                <label className="flex min-h-10 items-center gap-2">
                  <input
                    type="checkbox"
                    className="size-5 accent-brand"
                    checked={k.ikut}
                    onChange={(e) => setRow(k.key, { ikut: e.target.checked })}
                  />
                  {label}
                </label>
                <input
                  aria-label={`Bobot ${label}`}
                  inputMode="decimal"
                  className={cell}
                  disabled={!k.ikut}
                  value={k.bobot}
                  onChange={(e) => setRow(k.key, { bobot: e.target.value })}
                />
                <input
                  aria-label={`Minimum ${label}`}
                  inputMode="decimal"
                  placeholder="–"
                  className={cell}
                  disabled={!k.ikut}
                  value={k.minimum}
                  onChange={(e) => setRow(k.key, { minimum: e.target.value })}
                />
              </div>
            );
          })}
        </div>
        <p className="text-xs text-neutral-600">Minimum kosong: tidak ada batas untuk komponen itu.</p>
      </fieldset>
      <TextField
        label="Nilai akhir minimum untuk lulus"
        inputMode="decimal"
        value={nilaiMinimum}
        onValue={setNilaiMinimum}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold">Predikat (nilai akhir sampai dengan)</legend>
        {predikat.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; their order is their identity
          <div key={i} className="flex items-center gap-2">
            <input
              aria-label={`Batas predikat ${i + 1}`}
              inputMode="decimal"
              className={cell}
              value={p.sampai}
              onChange={(e) =>
                setPredikat((list) => list.map((x, j) => (j === i ? { ...x, sampai: e.target.value } : x)))
              }
            />
            <input
              aria-label={`Nama predikat ${i + 1}`}
              className="h-10 min-w-0 flex-1 rounded-lg border-2 border-neutral-300 px-2 outline-none focus:border-brand"
              value={p.nama}
              maxLength={40}
              onChange={(e) =>
                setPredikat((list) => list.map((x, j) => (j === i ? { ...x, nama: e.target.value } : x)))
              }
            />
            <Button
              variant="ghost"
              aria-label={`Hapus predikat ${i + 1}`}
              disabled={predikat.length <= 1}
              onClick={() => setPredikat((list) => list.filter((_, j) => j !== i))}
            >
              ✕
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          onClick={() => setPredikat((list) => [...list, { sampai: '100', nama: '' }])}
        >
          + Predikat
        </Button>
      </fieldset>
      {errors.length > 0 && (
        <Notice tone="error">
          {errors.map((m) => (
            <span key={m} className="block">
              {m}
            </span>
          ))}
        </Notice>
      )}
      {save.isError && <Notice tone="error">{save.error.message}</Notice>}
      <Button type="submit" disabled={save.isPending || disahkan} className="h-12 text-base">
        {save.isPending ? 'Menyimpan…' : 'Simpan aturan'}
      </Button>
    </form>
  );
}
