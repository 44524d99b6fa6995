/** The 1–20 navigation grid: current question blue, answered green (SPEC §2). */
export function QuestionGrid(props: {
  count: number;
  current: number;
  answered: (no: number) => boolean;
  onGo: (no: number) => void;
}) {
  return (
    <nav aria-label="Nomor soal" className="grid grid-cols-5 gap-2">
      {Array.from({ length: props.count }, (_, i) => i + 1).map((no) => {
        const tone =
          no === props.current
            ? 'bg-blue-600 text-white'
            : props.answered(no)
              ? 'bg-emerald-500 text-white'
              : 'bg-white text-neutral-800 ring-1 ring-neutral-300';
        return (
          <button
            key={no}
            type="button"
            aria-current={no === props.current ? 'page' : undefined}
            aria-label={`Soal ${no}${props.answered(no) ? ' (terjawab)' : ''}`}
            onClick={() => props.onGo(no)}
            className={`h-11 rounded-lg text-base font-bold ${tone}`}
          >
            {no}
          </button>
        );
      })}
    </nav>
  );
}
