import { SAMBUNG_SCALE } from '@ukt/core';
import { ExamButton } from '../shared/exam-layout';
import { ScoreButtons } from '../shared/score-buttons';
import type { SambungPeserta } from './sambung-state';
import { SiswaTable } from './siswa-table';

/** One side of the sambung pair: the table to pick from, or the chosen participant with 'Ganti' and the scale. */
export function PesertaPanel(props: {
  panel: 1 | 2;
  idUkt: number;
  owner: string;
  peserta: SambungPeserta | null;
  score: number | null;
  takenId: string | null;
  onPick: (peserta: SambungPeserta) => void;
  onChange: () => void;
  onScore: (score: number) => void;
}) {
  const { peserta } = props;
  return (
    <section
      aria-label={`Peserta ${props.panel}`}
      className="rounded-2xl border border-neutral-200 bg-white p-3 shadow-sm"
    >
      <h2 className="mb-2 text-lg font-bold text-brand-dark">Peserta {props.panel}</h2>
      {peserta ? (
        <div className="flex flex-col gap-3">
          <div className="flex items-start justify-between gap-2">
            <div>
              <p className="text-lg font-bold text-neutral-900">{peserta.nama}</p>
              <p className="text-sm text-neutral-600">
                {peserta.nama_ranting} · {peserta.nama_rayon}
              </p>
            </div>
            <ExamButton tone="neutral" onClick={props.onChange}>
              Ganti
            </ExamButton>
          </div>
          <ScoreButtons
            scale={SAMBUNG_SCALE}
            value={props.score}
            onSelect={props.onScore}
            label={`Nilai Peserta ${props.panel}`}
          />
        </div>
      ) : (
        <SiswaTable
          panel={props.panel}
          idUkt={props.idUkt}
          owner={props.owner}
          takenId={props.takenId}
          onPick={(row) =>
            props.onPick({
              id_siswa: row.id_siswa,
              nama: row.nama,
              cabang: row.cabang,
              provinsi: row.provinsi,
              nama_ranting: row.nama_ranting,
              nama_rayon: row.nama_rayon,
            })
          }
        />
      )}
    </section>
  );
}
