import { type Belt, type Examiner, examsForPost } from '@ukt/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { examOwner } from '../../../lib/exam-storage';
import { type Participant, useSession } from '../../../lib/session';

/** What every exam screen works with once an event (and a participant) is chosen. */
export interface ExamContext {
  idUkt: number;
  belt: Belt;
  examiner: Examiner | null;
  participant: Participant;
  /** Owner tag of this exam's stored state (event + participant). */
  owner: string;
}

/** The event-only context of the sambung screen, which picks its own participants. */
export type EventContext = Omit<ExamContext, 'participant'>;

function Missing({ text }: { text: string }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 p-6 text-center">
      <p className="text-lg font-semibold text-neutral-800">{text}</p>
      <Link to="/" className="rounded-xl bg-brand px-6 py-3 text-base font-bold text-on-brand">
        Kembali ke beranda
      </Link>
    </div>
  );
}

const NOT_HERE = 'Ujian ini tidak tersedia di pos ujian yang dipilih.';

/**
 * True when the hub would link to this screen for the examiner's post and dewan (SPEC §6): a typed
 * or old URL must not let an examiner score an exam the server will refuse after the whole exam.
 */
function useOpenHere(): boolean {
  const { pathname } = useLocation();
  const { post, examiner } = useSession();
  const here = pathname.replace(/\/+$/, '').toLowerCase();
  return examsForPost(post, { dewan: examiner?.dewan }).some((exam) => exam.path.toLowerCase() === here);
}

/** Shows the exam only when an event and a participant are chosen; otherwise says what is missing. */
export function ExamGate({ children }: { children: (ctx: ExamContext) => ReactNode }) {
  const { idUkt, belt, examiner, participant } = useSession();
  const openHere = useOpenHere();
  if (idUkt === null) return <Missing text="Belum ada kegiatan UKT yang dipilih." />;
  if (!openHere) return <Missing text={NOT_HERE} />;
  if (!participant) return <Missing text="Belum ada peserta yang dipilih. Pilih peserta dulu di beranda." />;
  return (
    <>{children({ idUkt, belt, examiner, participant, owner: examOwner(idUkt, participant.id_siswa) })}</>
  );
}

/** Shows the screen when an event is chosen (sambung chooses its participants itself). */
export function EventGate({ children }: { children: (ctx: EventContext) => ReactNode }) {
  const { idUkt, belt, examiner } = useSession();
  const openHere = useOpenHere();
  if (idUkt === null) return <Missing text="Belum ada kegiatan UKT yang dipilih." />;
  if (!openHere) return <Missing text={NOT_HERE} />;
  return <>{children({ idUkt, belt, examiner, owner: examOwner(idUkt) })}</>;
}
