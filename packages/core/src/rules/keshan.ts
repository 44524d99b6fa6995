/** Questions in a KESHAN written test (SPEC §9). */
export const KESHAN_QUESTIONS = 20;
/** Points for each correct answer (SPEC §9). */
export const KESHAN_POINTS = 5;
/** The KESHAN countdown starts here (SPEC §9). */
export const KESHAN_SECONDS = 600;
/** The value the legacy reset writes to the stored remaining time (SPEC §9); reset restores KESHAN_SECONDS. */
export const KESHAN_RESET_STORED_SECONDS = 900;
/** Default question font size and the step of the Kecil/Besar buttons (SPEC §9). */
export const KESHAN_FONT_DEFAULT = 15;
export const KESHAN_FONT_STEP = 1;

/** An answer letter of a multiple-choice question. */
export type AnswerLetter = 'a' | 'b' | 'c' | 'd';
/** The four options of a question, in order. */
export const ANSWER_LETTERS: readonly AnswerLetter[] = ['a', 'b', 'c', 'd'];

/** The KESHAN score for a number of correct answers: 5 points each, at most 100 (SPEC §9). */
export function keshanScore(correctCount: number): number {
  if (!Number.isInteger(correctCount) || correctCount < 0 || correctCount > KESHAN_QUESTIONS) {
    throw new RangeError(`Jumlah benar harus 0 sampai ${KESHAN_QUESTIONS}`);
  }
  return correctCount * KESHAN_POINTS;
}

/** The grade of a set of KESHAN answers against the answer key. */
export interface KeshanGrade {
  benar: number;
  salah: number;
  kosong: number;
  nilai: number;
}

/**
 * Grades answers against a key of id_soal → correct letter. Questions of the key with no answer
 * count as empty; answers to questions outside the key are ignored.
 */
export function gradeKeshan(
  answers: readonly { id_soal: number; jawaban: AnswerLetter | null }[],
  key: ReadonlyMap<number, AnswerLetter>,
): KeshanGrade {
  const given = new Map(answers.map((a) => [a.id_soal, a.jawaban]));
  let benar = 0;
  let salah = 0;
  for (const [id, correct] of key) {
    const answer = given.get(id);
    if (!answer) continue;
    if (answer === correct) benar++;
    else salah++;
  }
  const kosong = key.size - benar - salah;
  return { benar, salah, kosong, nilai: keshanScore(Math.min(benar, KESHAN_QUESTIONS)) };
}

/** The KSHAN score posted: the two questions' scores summed and halved, unanswered counting 0 (SPEC §5). */
export function kshanScore(scores: readonly [number | null | undefined, number | null | undefined]): number {
  const [q1, q2] = scores;
  return ((q1 ?? 0) + (q2 ?? 0)) / 2;
}
