import { API, KOMPONEN_NILAI, type KomponenKey, KSHAN_TINGKAT } from '@ukt/core';
import { type OutboxItem, onOutboxChange, outboxItems } from '../outbox';
import { markScoredInRoster } from './roster-cache';

const BY_FIELD = new Map(
  (Object.entries(KOMPONEN_NILAI) as [KomponenKey, { field: string }][])
    .filter(([key]) => key !== 'keshan' && key !== 'kshan')
    .map(([key, { field }]) => [field, key]),
);

/** The exam a score write saves, with its event and participant; null for anything else (a take, audio). */
export function scoredWrite(item: Pick<OutboxItem, 'path' | 'body'>) {
  if (item.body.kind !== 'json') return null;
  const body = item.body.value as Record<string, unknown>;
  const idUkt = Number(body.id_ukt);
  const idSiswa = Number(body.id_siswa);
  if (!Number.isInteger(idUkt) || !Number.isInteger(idSiswa)) return null;
  let key: KomponenKey | undefined;
  if (item.path === API.keshanJawaban.href()) key = 'keshan';
  else if (item.path === API.nilaiFisik.href()) key = 'fisik';
  else if (item.path === API.nilai.href()) {
    const field = Object.keys(body).find((f) => f.startsWith('nilai_') && !f.endsWith('_plus'));
    // KESHAN and KSHAN share nilai_kshan; KSHAN is kept under level 5 (SPEC §9).
    if (field === 'nilai_kshan') key = Number(body.id_tingkat) === KSHAN_TINGKAT ? 'kshan' : 'keshan';
    else if (field) key = BY_FIELD.get(field);
  }
  return key ? { key, idUkt, idSiswa } : null;
}

/**
 * Keeps the to-do marks of the phone's roster copy in step with score saves: every score write the
 * outbox holds (just saved, sent or waiting for signal) marks its exam as scored there, so a
 * participant leaves the offline 'Belum dinilai' list as soon as their score is saved. Returns
 * the unsubscribe function.
 */
export function watchScoredWrites(): () => void {
  const apply = async () => {
    for (const item of await outboxItems()) {
      const write = item.state === 'pending' ? scoredWrite(item) : null;
      if (write) await markScoredInRoster(write.idUkt, item.examinerId, write.idSiswa, write.key);
    }
  };
  const run = () => void apply().catch(() => undefined);
  run();
  return onOutboxChange(run);
}
