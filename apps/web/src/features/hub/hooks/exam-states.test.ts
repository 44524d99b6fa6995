import { EXAMS, type ExamLink, type NilaiRecord } from '@ukt/core';
import { describe, expect, it } from 'vitest';
import { type ExamSources, examScorePlace, examStates } from './exam-states';

const teknik = EXAMS.filter((e) => e.kat === 2);
const keshanPost = EXAMS.filter((e) => e.kat === 1);
const exam = (key: string) => EXAMS.find((e) => e.key === key) as ExamLink;
const record = (values: Partial<NilaiRecord>) => values as NilaiRecord;
const none: ExamSources = { server: null, waiting: new Map(), sent: [], scored: new Set() };

describe('examScorePlace', () => {
  it('names the record column and level of each exam', () => {
    expect(examScorePlace(exam('belati'), 2)).toEqual({ field: 'nilai_blati', idTingkat: 2 });
    expect(examScorePlace(exam('toyakSenam'), 2)).toEqual({ field: 'nilai_toyak_senam', idTingkat: 2 });
    expect(examScorePlace(exam('fisik'), 3)).toEqual({ field: 'nilai_fisik2', idTingkat: 3 });
    expect(examScorePlace(exam('keshan'), 3)).toEqual({ field: 'nilai_kshan', idTingkat: 3 });
    expect(examScorePlace(exam('kshan'), 3)).toEqual({ field: 'nilai_kshan', idTingkat: 5 });
  });
});

describe('examStates', () => {
  it('with no signal shows what the phone sent, as sent', () => {
    const states = examStates(teknik, 2, {
      ...none,
      sent: [{ field: 'nilai_blati', idTingkat: 2, nilai: 70, sentAt: 1 }],
    });
    expect(states).toEqual({ belati: { mark: 'sent', nilai: 70 } });
  });

  it('shows a score waiting on the phone before anything else, with its value when it carries one', () => {
    const states = examStates(teknik, 2, {
      server: { belt: record({ nilai_kripen: 60 }), kshan: null, at: 5 },
      waiting: new Map([['kripen', 80]]),
      sent: [{ field: 'nilai_kripen', idTingkat: 2, nilai: 75, sentAt: 9 }],
      scored: new Set(['kripen']),
    });
    expect(states.kripen).toEqual({ mark: 'pending', nilai: 80 });
    expect(examStates(keshanPost, 2, { ...none, waiting: new Map([['keshan', null]]) })).toEqual({
      keshan: { mark: 'pending', nilai: null },
    });
  });

  it("takes the newer of the server's record and the phone's record of what it sent", () => {
    const sent = [{ field: 'nilai_jurus', idTingkat: 2, nilai: 66, sentAt: 10 }];
    const older = { belt: record({ nilai_jurus: 0 }), kshan: null, at: 9 };
    const newer = { belt: record({ nilai_jurus: 64 }), kshan: null, at: 11 };
    expect(examStates(teknik, 2, { ...none, server: older, sent }).jurus).toEqual({
      mark: 'sent',
      nilai: 66,
    });
    expect(examStates(teknik, 2, { ...none, server: newer, sent }).jurus).toEqual({
      mark: 'sent',
      nilai: 64,
    });
  });

  it('online, a score of 0 on the server is no score, and the roster copy is not needed', () => {
    const server = { belt: record({ nilai_senam: 0, nilai_pasang: 72.5 }), kshan: null, at: 1 };
    expect(examStates(teknik, 2, { ...none, server, scored: new Set(['senam']) })).toEqual({
      pasang: { mark: 'sent', nilai: 72.5 },
    });
  });

  it('reads KSHAN from its own record', () => {
    const server = { belt: record({ nilai_kshan: 80 }), kshan: record({ nilai_kshan: 72.5 }), at: 1 };
    expect(examStates(keshanPost, 2, { ...none, server })).toEqual({
      keshan: { mark: 'sent', nilai: 80 },
      kshan: { mark: 'sent', nilai: 72.5 },
    });
  });

  it("with neither, shows the roster copy's mark without a number", () => {
    expect(examStates(teknik, 2, { ...none, scored: new Set(['senam']) })).toEqual({
      senam: { mark: 'scored', nilai: null },
    });
  });
});
