import { KSHAN_SCALE } from '@ukt/core';
import { ExamButton } from '../shared/exam-layout';
import { ScoreButtons } from '../shared/score-buttons';
import { useRecorder } from './use-recorder';

/** One KSHAN question: record the answer (Rekam/Stop), listen, 'Hapus', and the 50–90 scale. */
export function KshanQuestion(props: {
  no: 1 | 2;
  score: number | null;
  onScore: (score: number) => void;
  onRecorded: (blob: Blob) => void;
}) {
  const recorder = useRecorder(props.onRecorded);
  const { state } = recorder;
  return (
    <section
      aria-label={`Soal ${props.no}`}
      className="flex flex-col gap-3 rounded-2xl border border-neutral-200 bg-white p-3 shadow-sm"
    >
      <h2 className="text-lg font-bold text-brand-dark">Soal {props.no}</h2>
      <div className="flex items-center gap-2">
        {state.status === 'recording' ? (
          <ExamButton tone="danger" className="flex-1" onClick={recorder.stop}>
            ■ Stop
          </ExamButton>
        ) : (
          <ExamButton className="flex-1" onClick={() => void recorder.start()}>
            ● Rekam
          </ExamButton>
        )}
        <ExamButton tone="neutral" disabled={state.status !== 'recorded'} onClick={recorder.clear}>
          Hapus
        </ExamButton>
      </div>
      {state.status === 'recording' && <p className="text-sm font-semibold text-rose-600">Sedang merekam…</p>}
      {state.status === 'recorded' && (
        // biome-ignore lint/a11y/useMediaCaption: a recording of the participant's spoken answer has no captions
        <audio controls src={state.url} className="w-full" aria-label={`Rekaman soal ${props.no}`} />
      )}
      {state.status === 'error' && <p className="text-sm text-rose-700">{state.message}</p>}
      <ScoreButtons
        scale={KSHAN_SCALE}
        value={props.score}
        onSelect={props.onScore}
        label={`Nilai Soal ${props.no}`}
      />
    </section>
  );
}
