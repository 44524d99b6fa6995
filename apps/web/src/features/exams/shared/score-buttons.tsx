/** One row of score buttons (ROW_SCALE, SAMBUNG_SCALE, KSHAN_SCALE from core); the chosen one is filled. */
export function ScoreButtons(props: {
  scale: readonly number[];
  value: number | null;
  onSelect: (score: number) => void;
  disabled?: boolean;
  /** Names the group for screen readers and tests, e.g. 'Nilai JURUS 1A'. */
  label: string;
}) {
  return (
    <fieldset className="flex flex-wrap gap-2" aria-label={props.label} disabled={props.disabled}>
      {props.scale.map((score) => {
        const chosen = props.value === score;
        return (
          <button
            key={score}
            type="button"
            aria-pressed={chosen}
            onClick={() => props.onSelect(score)}
            className={`h-12 min-w-12 flex-1 rounded-xl text-lg font-bold transition-colors disabled:opacity-40 ${
              chosen
                ? 'bg-brand text-on-brand'
                : 'bg-white text-neutral-800 ring-1 ring-neutral-300 active:bg-brand/20'
            }`}
          >
            {score}
          </button>
        );
      })}
    </fieldset>
  );
}
