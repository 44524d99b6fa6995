import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AnswerLetter,
  gradeKeshan,
  KESHAN_FONT_DEFAULT,
  KESHAN_FONT_STEP,
  KESHAN_QUESTIONS,
  KESHAN_RESET_STORED_SECONDS,
  KESHAN_SECONDS,
  keshanScore,
  kshanScore,
} from '../src';

describe('KESHAN written test', () => {
  it('has 20 questions, a 600 s countdown (900 written by reset) and font 15 in steps of 1', () => {
    expect(KESHAN_QUESTIONS).toBe(20);
    expect(KESHAN_SECONDS).toBe(600);
    expect(KESHAN_RESET_STORED_SECONDS).toBe(900);
    expect(KESHAN_FONT_DEFAULT).toBe(15);
    expect(KESHAN_FONT_STEP).toBe(1);
  });

  it('gives 5 points a correct answer, at most 100', () => {
    expect(keshanScore(0)).toBe(0);
    expect(keshanScore(1)).toBe(5);
    expect(keshanScore(13)).toBe(65);
    expect(keshanScore(20)).toBe(100);
  });

  it('refuses counts outside 0–20', () => {
    expect(() => keshanScore(21)).toThrow(RangeError);
    expect(() => keshanScore(-1)).toThrow(RangeError);
    expect(() => keshanScore(2.5)).toThrow(RangeError);
  });

  it('grades answers against the key, counting right, wrong and empty', () => {
    const key = new Map<number, AnswerLetter>(
      Array.from({ length: 20 }, (_, i) => [i + 1, (['a', 'b', 'c', 'd'] as const)[i % 4] as AnswerLetter]),
    );
    const answers = [...key].map(([id_soal, correct], i) => ({
      id_soal,
      // 13 right, 4 wrong, 3 left empty.
      jawaban: i < 13 ? correct : i < 17 ? ((correct === 'a' ? 'b' : 'a') as AnswerLetter) : null,
    }));
    expect(gradeKeshan(answers, key)).toEqual({ benar: 13, salah: 4, kosong: 3, nilai: 65 });
  });

  it('ignores answers to questions that are not in the key', () => {
    const key = new Map<number, AnswerLetter>([[1, 'a']]);
    expect(gradeKeshan([{ id_soal: 99, jawaban: 'a' }], key)).toEqual({
      benar: 0,
      salah: 0,
      kosong: 1,
      nilai: 0,
    });
  });

  it('always scores a multiple of 5 between 0 and 100 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), (n) => {
        const s = keshanScore(n);
        return s % 5 === 0 && s >= 0 && s <= 100;
      }),
    );
  });
});

describe('KSHAN oral test', () => {
  it('posts the sum of both questions divided by 2', () => {
    expect(kshanScore([80, 90])).toBe(85);
    expect(kshanScore([75, 80])).toBe(77.5);
  });

  it('counts an unanswered question as 0', () => {
    expect(kshanScore([80, null])).toBe(40);
    expect(kshanScore([undefined, 90])).toBe(45);
    expect(kshanScore([null, null])).toBe(0);
  });
});
