import { ExamButton } from '../shared/exam-layout';

/** 'Selamat Datang di Ujian KESHAN' with the Kecil/Besar font buttons and 'Mulai Ujian' (SPEC §2). */
export function KeshanWelcome(props: {
  fontSize: number;
  onFont: (delta: 1 | -1) => void;
  onStart: () => void;
  minutes: number;
  /** False while the questions are still loading (or failed): there is nothing to start yet. */
  ready: boolean;
}) {
  return (
    <section className="flex flex-col items-center gap-5 rounded-2xl bg-white p-6 text-center shadow">
      <h2 className="text-2xl font-extrabold text-neutral-900">Selamat Datang di Ujian KESHAN</h2>
      <p className="text-neutral-600" style={{ fontSize: props.fontSize }}>
        20 soal pilihan ganda, waktu {props.minutes} menit. Contoh ukuran huruf soal.
      </p>
      <fieldset className="flex items-center gap-3" aria-label="Ukuran huruf">
        <ExamButton tone="neutral" onClick={() => props.onFont(-1)}>
          Kecil
        </ExamButton>
        <output aria-label="Ukuran huruf saat ini" className="w-12 text-lg font-bold tabular-nums">
          {props.fontSize}
        </output>
        <ExamButton tone="neutral" onClick={() => props.onFont(1)}>
          Besar
        </ExamButton>
      </fieldset>
      <ExamButton onClick={props.onStart} disabled={!props.ready} className="w-full text-lg">
        Mulai Ujian
      </ExamButton>
    </section>
  );
}
