import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { useWide } from './use-wide';

/**
 * A page's filters: always shown on a wide screen; folded behind a toggle on a phone, so the list
 * starts on the first screen. The toggle counts the filters in use.
 */
export function FoldingFilters({
  label,
  active,
  children,
}: {
  label: string;
  active: number;
  children: ReactNode;
}) {
  const wide = useWide();
  const [open, setOpen] = useState(false);
  return (
    <>
      {!wide && (
        <Button
          variant="ghost"
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
          className="justify-between"
        >
          {label}
          {active ? ` (${active})` : ''}
          <span aria-hidden="true">{open ? '▴' : '▾'}</span>
        </Button>
      )}
      {(wide || open) && children}
    </>
  );
}
