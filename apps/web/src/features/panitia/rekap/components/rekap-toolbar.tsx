import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../../../components/ui/button';

/**
 * The recap's toolbar: the event and the search in one line with a button that unfolds the
 * filters and the order (`children`), on every screen, so the table starts on the first screen of
 * a laptop (docs/decisions/141). The button counts the filters in use.
 */
export function RekapToolbar({
  kegiatan,
  search,
  active,
  children,
}: {
  kegiatan: ReactNode;
  /** The search and the filters' button; absent until an event is chosen. */
  search: ReactNode | null;
  active: number;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="flex flex-col gap-3">
      <div className="grid items-end gap-2 md:grid-cols-[minmax(14rem,26rem)_minmax(12rem,1fr)_auto]">
        {kegiatan}
        {search}
        {search && (
          <Button
            variant="secondary"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((o) => !o)}
            className="justify-between"
          >
            Filter dan urutan
            {active ? ` (${active})` : ''}
            <span aria-hidden="true">{open ? '▴' : '▾'}</span>
          </Button>
        )}
      </div>
      {search && open && (
        <div id={panelId} className="grid grid-cols-2 gap-2 lg:grid-cols-4 2xl:grid-cols-7">
          {children}
        </div>
      )}
    </div>
  );
}
