import { itemsOf } from './outbox-db';
import { scoreOfWrite, type WrittenScore } from './score-of-write';
import { sentScoresOf } from './sent-scores';

/**
 * The scores of an examiner at an event that this phone holds: those the server received from it
 * and those still waiting in the outbox (refused ones are not scores; the outbox sheet shows them).
 */
export async function scoresOnPhone(examinerId: string, idUkt: number): Promise<WrittenScore[]> {
  const [items, sent] = await Promise.all([
    itemsOf(examinerId).catch(() => []),
    sentScoresOf(examinerId, idUkt),
  ]);
  const waiting = items.flatMap((item) => {
    const score = item.state === 'pending' ? scoreOfWrite(item) : null;
    return score?.idUkt === idUkt ? [score] : [];
  });
  return [...sent, ...waiting];
}
