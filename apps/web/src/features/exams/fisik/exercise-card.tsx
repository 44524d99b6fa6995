import { FISIK_EXERCISES, MFT_LEVELS } from '@ukt/core';
import { EXAM_KEYS, examKey } from '../../../lib/exam-storage';
import { ClockDisplay } from '../shared/clock-display';
import { ExamButton } from '../shared/exam-layout';
import { useExamClock } from '../shared/use-exam-clock';
import { useWakeLock } from '../shared/use-wake-lock';
import { canConvert, type FisikItem } from './fisik-progress';

/** The current exercise: its clock (Mulai/Berhenti), counter or MFT level, and its own Selesai. */
export function ExerciseCard(props: {
  item: FisikItem;
  owner: string;
  onChange: (raw: number | string) => void;
  onFinish: () => void;
}) {
  const { item } = props;
  const exercise = FISIK_EXERCISES[item.id_fisik - 1];
  const stopwatch = exercise?.timer.kind === 'stopwatch';
  const limit =
    exercise?.timer.kind === 'stopwatch' ? exercise.timer.maxSeconds : (exercise?.timer.seconds ?? 60);
  const clock = useExamClock({
    storageKey: examKey(EXAM_KEYS.waktu, 'fisik', item.id_fisik),
    owner: props.owner,
    limitSeconds: limit,
    direction: stopwatch ? 'up' : 'down',
    // The plank holds what the stopwatch reached when it stops by itself at 360 s.
    onLimit: stopwatch ? () => props.onChange(limit) : undefined,
  });
  const isMft = item.id_fisik === 1;
  useWakeLock(clock.running);
  const level = MFT_LEVELS.indexOf(String(item.nilai));
  const count = isMft ? level + 1 : Number(item.nilai);
  // While the plank runs its value is the stopwatch; it is written when the stopwatch stops.
  const shown = stopwatch && clock.running ? clock.seconds : item.nilai;

  function toggle() {
    if (clock.running && stopwatch) props.onChange(clock.seconds);
    clock.toggle();
  }

  function step(delta: 1 | -1) {
    // SPEC §5: minus does nothing at zero or before the exercise has started.
    if (!clock.started || (delta < 0 && count <= 0)) return;
    if (isMft) {
      const next = MFT_LEVELS[Math.min(MFT_LEVELS.length - 1, Math.max(0, level + delta))];
      if (next) props.onChange(next);
    } else props.onChange(Math.max(0, count + delta));
  }

  return (
    <section aria-label={item.nama} className="rounded-2xl border border-brand bg-white p-4 shadow">
      <div className="flex items-center justify-between">
        <h2 className="text-xl font-bold text-neutral-900">
          {item.id_fisik}. {item.nama}
        </h2>
        {!item.hiddenTime && (
          <ClockDisplay seconds={clock.seconds} expired={!stopwatch && clock.expired} className="text-2xl" />
        )}
      </div>
      <ExamButton
        tone={clock.running ? 'danger' : 'primary'}
        onClick={toggle}
        className="mt-3 w-full"
        disabled={!clock.running && clock.expired}
      >
        {clock.running ? 'Berhenti' : 'Mulai'}
      </ExamButton>
      <div className="mt-4 flex items-center gap-3">
        <ExamButton
          tone="neutral"
          aria-label="Kurangi"
          className="w-16 text-2xl"
          onClick={() => step(-1)}
          disabled={!clock.started || (stopwatch && clock.running)}
        >
          −
        </ExamButton>
        {isMft ? (
          <select
            aria-label="Level MFT"
            className="h-12 flex-1 rounded-xl border border-neutral-300 bg-white text-center text-xl font-bold"
            value={String(item.nilai)}
            disabled={!clock.started}
            onChange={(e) => props.onChange(e.currentTarget.value)}
          >
            <option value="">Pilih level</option>
            {MFT_LEVELS.map((label) => (
              <option key={label} value={label}>
                Level {label}
              </option>
            ))}
          </select>
        ) : (
          <input
            aria-label={`Jumlah ${item.nama}`}
            inputMode="numeric"
            className="h-12 w-full flex-1 rounded-xl border border-neutral-300 text-center text-2xl font-bold disabled:bg-neutral-100"
            value={String(shown)}
            disabled={!clock.running || stopwatch}
            onChange={(e) => {
              const digits = e.currentTarget.value.replace(/\D+/g, '');
              props.onChange(digits === '' ? 0 : Number(digits));
            }}
          />
        )}
        <ExamButton
          tone="neutral"
          aria-label="Tambah"
          className="w-16 text-2xl"
          onClick={() => step(1)}
          disabled={!clock.started || (stopwatch && clock.running)}
        >
          +
        </ExamButton>
      </div>
      <ExamButton
        tone="success"
        className="mt-4 w-full"
        onClick={props.onFinish}
        disabled={!clock.started || clock.running || !canConvert(item)}
      >
        Selesai {item.nama}
      </ExamButton>
    </section>
  );
}
