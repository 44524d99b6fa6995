import type { SiswaRow } from '@ukt/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showError } from '../../../lib/dialogs';
import { clearExamState } from '../../../lib/exam-storage';
import { markTakenInRoster } from '../../../lib/offline';
import { discardOutboxItem, submit, syncMarkOf, useOutboxItems } from '../../../lib/outbox';
import { setParticipant, useSession } from '../../../lib/session';
import { takeRequest } from '../api/update-siswa';
import { ParticipantCard } from './participant-card';
import { ParticipantPicker } from './participant-picker';

/** The hub's participant part: the card when one is chosen, else the picker (SPEC §2, §4). */
export function ParticipantSection() {
  const { examiner, participant, post, idUkt } = useSession();
  const navigate = useNavigate();
  const [busyId, setBusyId] = useState<string | null>(null);
  const items = useOutboxItems();
  if (!examiner || idUkt === null) return null;

  const choose = async (row: SiswaRow) => {
    setBusyId(row.id_siswa);
    try {
      const result = await submit(takeRequest(row, post, examiner.id_pemilih, idUkt));
      if (result.status === 'rejected') {
        // Refused while the examiner is looking (e.g. 409, taken by another examiner): the dialog
        // says so and there is nothing to redo, so the item does not stay in the outbox.
        await discardOutboxItem(result.key).catch(() => undefined);
        void showError(result.message);
        return;
      }
      // No signal: the take waits in the outbox (a 409 on sync shows there); the phone's copy of
      // the list marks the participant as taken by this examiner meanwhile.
      if (result.status === 'queued') {
        void markTakenInRoster(idUkt, examiner.id_pemilih, row.id_siswa, post).catch(() => undefined);
      }
      // SPEC §4: a new participant starts every exam from nothing.
      clearExamState();
      const { id_siswa, nama, cabang, provinsi, no_urut, nama_ranting, nama_rayon } = row;
      setParticipant({ id_siswa, nama, cabang, provinsi, no_urut, nama_ranting, nama_rayon });
    } catch (error) {
      void showError(error instanceof Error ? error.message : String(error));
    } finally {
      setBusyId(null);
    }
  };

  if (participant) {
    return (
      <ParticipantCard
        participant={participant}
        mark={syncMarkOf(items, examiner.id_pemilih, participant.id_siswa)}
        // 'Kembali' goes to the page the examiner came from, staying in the app.
        onBack={() => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/'))}
        onChange={() => {
          clearExamState();
          setParticipant(null);
        }}
      />
    );
  }
  return (
    <ParticipantPicker
      examiner={examiner}
      post={post}
      idUkt={idUkt}
      busyId={busyId}
      onChoose={choose}
      pendingIds={new Set(items?.flatMap((item) => (item.participantId ? [item.participantId] : [])))}
    />
  );
}
