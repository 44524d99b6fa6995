import type { SiswaRow } from '@ukt/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showError } from '../../../lib/dialogs';
import { clearExamState } from '../../../lib/exam-storage';
import { setParticipant, useSession } from '../../../lib/session';
import { updateSiswa } from '../api/update-siswa';
import { ParticipantCard } from './participant-card';
import { ParticipantPicker } from './participant-picker';

/** The hub's participant part: the card when one is chosen, else the picker (SPEC §2, §4). */
export function ParticipantSection() {
  const { examiner, participant, post, idUkt } = useSession();
  const navigate = useNavigate();
  const [busyId, setBusyId] = useState<string | null>(null);
  if (!examiner || idUkt === null) return null;

  const choose = async (row: SiswaRow) => {
    setBusyId(row.id_siswa);
    try {
      await updateSiswa(row.id_siswa, post, examiner.id_pemilih, idUkt);
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
    <ParticipantPicker examiner={examiner} post={post} idUkt={idUkt} busyId={busyId} onChoose={choose} />
  );
}
