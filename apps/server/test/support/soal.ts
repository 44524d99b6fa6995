import { API, type PanitiaSoal } from '@ukt/core';
import type { TestApp } from './app';

// The KESHAN questions as the console's import takes them: a CSV of the belt's questions.

const LETTERS = ['a', 'b', 'c', 'd'] as const;

/** A wrong answer to a question whose key is `letter`: the next letter, round the four. */
export const otherAnswer = (letter: string) =>
  LETTERS[(LETTERS.indexOf(letter as 'a') + 1) % 4] as (typeof LETTERS)[number];

/** The import CSV of these questions, the key of each number in `changed` moved to a wrong answer. */
export function soalCsv(questions: PanitiaSoal[], changed: number[]): string {
  const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
  const lines = questions.map((s) =>
    [
      s.no,
      quote(s.soal_tanya),
      quote(s.a),
      quote(s.b),
      quote(s.c),
      quote(s.d),
      changed.includes(s.no) ? otherAnswer(s.jawaban_benar) : s.jawaban_benar,
    ].join(','),
  );
  return ['no,soal_tanya,a,b,c,d,jawaban_benar', ...lines].join('\n');
}

/** Imports belt 1's questions from a CSV, uploaded as a bare file part named `berkas`. */
export function importSoal(t: TestApp, token: string, csv: string) {
  const boundary = '----ukt-soal';
  return t.app.inject({
    method: 'POST',
    url: `/uktNEW/api${API.panitia.impor.href('soal', '?tingkat=1')}`,
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="berkas"; filename="soal.csv"\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
    ),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'access-token': token },
  });
}
