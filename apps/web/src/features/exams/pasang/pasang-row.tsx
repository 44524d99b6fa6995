/** A pair's answer (SPEC §3): 0 unanswered, 1 wrong, 2 right. */
export type PasangAnswer = 0 | 1 | 2;

/** One pair with its Salah and Benar buttons; locked (dimmed) while the clock is not running. */
export function PasangRow(props: {
  id: number;
  answer: PasangAnswer;
  locked: boolean;
  onAnswer: (a: 1 | 2) => void;
}) {
  const choice = (value: 1 | 2, text: string, on: string) => (
    <button
      type="button"
      aria-pressed={props.answer === value}
      disabled={props.locked}
      onClick={() => props.onAnswer(value)}
      className={`h-12 flex-1 rounded-xl text-base font-bold transition-colors disabled:opacity-50 ${
        props.answer === value ? on : 'bg-white text-neutral-700 ring-1 ring-neutral-300'
      }`}
    >
      {text}
    </button>
  );
  return (
    <li
      aria-label={`Pasang ${props.id}`}
      // Only the buttons are dimmed while locked: the pair's name stays readable (WCAG contrast).
      className="flex items-center gap-2 rounded-2xl border border-neutral-200 bg-white p-2"
    >
      <span className="w-24 shrink-0 whitespace-nowrap text-base font-bold text-neutral-900">
        Pasang {props.id}
      </span>
      {choice(1, 'Salah', 'bg-rose-600 text-white')}
      {choice(2, 'Benar', 'bg-emerald-700 text-white')}
    </li>
  );
}
