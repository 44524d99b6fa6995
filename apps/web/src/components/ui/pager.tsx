import { Button } from './button';

/** Previous/next page buttons with 'Hal x / y' between them, sized for a thumb on a 360 px screen. */
export function Pager({
  hal,
  totalPages,
  onPage,
}: {
  hal: number;
  totalPages: number;
  onPage: (hal: number) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-2">
      <Button
        variant="secondary"
        disabled={hal <= 1}
        onClick={() => onPage(hal - 1)}
        aria-label="Halaman sebelumnya"
      >
        <span aria-hidden="true">‹</span> Sebelum
      </Button>
      <span className="text-sm whitespace-nowrap text-neutral-600">
        Hal {hal} / {Math.max(1, totalPages)}
      </span>
      <Button
        variant="secondary"
        disabled={hal >= totalPages}
        onClick={() => onPage(hal + 1)}
        aria-label="Halaman berikutnya"
      >
        Lanjut <span aria-hidden="true">›</span>
      </Button>
    </div>
  );
}
