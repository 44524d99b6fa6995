import { formatScore, type KeshanGrade } from '@ukt/core';
import { ExamButton } from '../shared/exam-layout';
import { ExamModal } from '../shared/exam-modal';

/** The final-score modal: the server's grade, or word that the answers wait on the phone. */
export function KeshanResultModal(props: { grade: KeshanGrade | null; onClose: () => void }) {
  const { grade } = props;
  return (
    <ExamModal titleId="keshan-result">
      <div className="text-center">
        <h2 id="keshan-result" className="text-xl font-bold text-neutral-900">
          Nilai Akhir KESHAN
        </h2>
        {grade ? (
          <>
            <output aria-label="Nilai KESHAN" className="my-4 block text-5xl font-extrabold text-brand-dark">
              {formatScore(grade.nilai)}
            </output>
            <p className="text-neutral-700">
              Benar {grade.benar} · Salah {grade.salah} · Kosong {grade.kosong}
            </p>
          </>
        ) : (
          <p className="my-4 text-neutral-700">
            Jawaban tersimpan di HP dan dikirim lagi nanti secara otomatis. Nilai dihitung oleh server.
          </p>
        )}
        <ExamButton onClick={props.onClose} className="mt-5 w-full">
          Tutup
        </ExamButton>
      </div>
    </ExamModal>
  );
}
