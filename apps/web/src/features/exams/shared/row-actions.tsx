import { ExamButton } from './exam-layout';

/**
 * The header of the row-by-row exams (forms, gymnastics, dagger, the draw exams): Reset, and Selesai
 * once every row has a score; until then a refresh button (SPEC §4).
 */
export function RowActions(props: { allScored: boolean; onReset: () => void; onFinish: () => void }) {
  return (
    <>
      <ExamButton tone="neutral" onClick={props.onReset}>
        Reset
      </ExamButton>
      {props.allScored ? (
        <ExamButton tone="success" onClick={props.onFinish}>
          Selesai
        </ExamButton>
      ) : (
        <ExamButton
          tone="neutral"
          aria-label="Muat ulang"
          title="Muat ulang"
          onClick={() => window.location.reload()}
        >
          ⟳
        </ExamButton>
      )}
    </>
  );
}
