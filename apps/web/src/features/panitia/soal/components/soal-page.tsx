import { ANSWER_LETTERS, type PanitiaSoal } from '@ukt/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Notice } from '../../../../components/ui/notice';
import { showSuccess } from '../../../../lib/dialogs';
import { SelectField } from '../../components/field';
import { QueryView } from '../../components/query-view';
import { Sheet } from '../../components/sheet';
import { TINGKAT_OPTIONS } from '../../components/tingkat-options';
import { useSoal } from '../api/get-soal';
import { SoalForm } from './soal-form';

/** One question with its choices, the key marked. */
function SoalCard({ soal, onEdit }: { soal: PanitiaSoal; onEdit: () => void }) {
  return (
    <Card className="flex flex-col gap-3" data-id-soal={soal.id_soal}>
      <div className="flex items-start gap-3">
        <span className="grid size-8 shrink-0 place-items-center rounded-full bg-neutral-100 text-sm font-bold">
          {soal.no}
        </span>
        <p className="min-w-0 flex-1 font-medium break-words">{soal.soal_tanya}</p>
      </div>
      <ul className="grid gap-1 text-sm sm:grid-cols-2">
        {ANSWER_LETTERS.map((letter) => {
          const key = letter === soal.jawaban_benar;
          return (
            <li
              key={letter}
              className={`flex gap-2 rounded-lg px-2 py-1 ${key ? 'bg-green-50 font-semibold text-green-900 ring-1 ring-green-300' : ''}`}
            >
              <span className="uppercase">{letter}.</span>
              <span className="min-w-0 flex-1 break-words">{soal[letter]}</span>
              {key && <span className="shrink-0 text-xs">✓ kunci</span>}
            </li>
          );
        })}
      </ul>
      <div>
        <Button variant="secondary" onClick={onEdit}>
          Ubah
        </Button>
      </div>
    </Card>
  );
}

/** /panitia/soal?tingkat=N: a belt's KESHAN questions with their keys; edit one (DESIGN §9). */
export function SoalPage() {
  const [params, setParams] = useSearchParams();
  const tingkat = TINGKAT_OPTIONS.some((o) => o.value === params.get('tingkat'))
    ? (params.get('tingkat') ?? '1')
    : '1';
  const query = useSoal(tingkat);
  const [editing, setEditing] = useState<PanitiaSoal | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

  return (
    <section className="flex flex-col gap-4">
      <h1 className="text-xl font-bold">Soal KESHAN</h1>
      <Card>
        <SelectField
          label="Tingkat (sabuk)"
          value={tingkat}
          options={TINGKAT_OPTIONS}
          onValue={(t) => {
            setSaved(null);
            setParams({ tingkat: t }, { replace: true });
          }}
        />
      </Card>
      {saved && <Notice>{saved}</Notice>}
      <QueryView
        query={query}
        isEmpty={(rows) => rows.length === 0}
        empty="Tingkat ini belum punya soal. Impor soal dari halaman Impor."
      >
        {(rows) => (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-neutral-600">{rows.length} soal</p>
            {rows.map((soal) => (
              <SoalCard key={soal.id_soal} soal={soal} onEdit={() => setEditing(soal)} />
            ))}
          </div>
        )}
      </QueryView>
      {editing && (
        <Sheet title={`Ubah soal no ${editing.no}`} onClose={() => setEditing(null)}>
          <SoalForm
            soal={editing}
            onDone={(hasil) => {
              setEditing(null);
              const message = `Soal no ${hasil.soal.no} disimpan. ${hasil.dinilai_ulang} nilai dinilai ulang.`;
              setSaved(message);
              void showSuccess(message);
            }}
          />
        </Sheet>
      )}
    </section>
  );
}
