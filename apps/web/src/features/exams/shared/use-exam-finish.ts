import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { confirmFinish, confirmReset, showError } from '../../../lib/dialogs';
import type { SubmitResult } from '../../../lib/outbox';

/** What a screen's Selesai and Reset share: the spec's two confirmations, one save at a time, the way out. */
export interface ExamFinish {
  /** True from the confirmed Selesai until the save has answered. */
  busy: boolean;
  /**
   * 'Apakah anda yakin ingin menyelesaikan ujian?', then `send`; unless the server refused, the
   * exam's stored state is cleared and `done` runs (by default: back to the hub, SPEC §2 '../').
   */
  finish: (send: () => Promise<SubmitResult>, done?: (result: SubmitResult) => void) => Promise<void>;
  /** 'Apakah anda yakin ingin mereset ujian?', then clears the exam's stored state and reloads it. */
  reset: () => Promise<void>;
}

/**
 * The finish and reset flow of every exam screen. `clear` removes exactly this exam's stored state
 * (answers, draws, clocks). `reloadTo` is where Reset lands (the same screen by default).
 */
export function useExamFinish(clear: () => void, reloadTo?: string): ExamFinish {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  // A ref, not the busy state: a second tap on a slow phone can come before React re-renders.
  const running = useRef(false);

  async function finish(send: () => Promise<SubmitResult>, done?: (result: SubmitResult) => void) {
    if (running.current) return;
    running.current = true;
    try {
      if (!(await confirmFinish())) return;
      setBusy(true);
      const result = await send();
      if (result.status === 'rejected') return;
      clear();
      if (done) done(result);
      else navigate('/');
    } catch (error) {
      // The outbox keeps what it could store; the examiner must know this save did not go through.
      await showError(
        `Nilai belum tersimpan. Coba lagi. (${error instanceof Error ? error.message : error})`,
      );
    } finally {
      running.current = false;
      setBusy(false);
    }
  }

  async function reset() {
    if (running.current || !(await confirmReset())) return;
    clear();
    if (reloadTo) window.location.assign(reloadTo);
    else window.location.reload();
  }

  return { busy, finish, reset };
}
