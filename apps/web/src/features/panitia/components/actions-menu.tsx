import { type KeyboardEvent, type ToggleEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/ui/icon';

/**
 * One entry of a row's actions menu: a button (onSelect) or a link to another page (to). A button
 * that cannot be used now says why in `disabled`; it stays in the menu, greyed, with that reason.
 */
export type MenuAction =
  | { label: string; onSelect: () => void; to?: never; disabled?: string | undefined }
  | { label: string; to: string; onSelect?: never; disabled?: never };

const ITEM =
  'flex min-h-11 w-full items-center px-4 text-left text-sm font-semibold text-neutral-900 whitespace-nowrap hover:bg-neutral-100 focus:bg-neutral-100 focus:outline-none';
const ITEM_DISABLED =
  'flex min-h-11 w-full max-w-72 flex-col items-start justify-center px-4 py-1 text-left text-sm font-semibold text-neutral-500 focus:bg-neutral-100 focus:outline-none';

/**
 * A row's actions behind one 'Aksi' button (docs/decisions/105): a menu in the browser's top layer
 * (so no table edge cuts it off), opened by click, Enter or Space; the arrow keys, Home and End move
 * between its entries, Escape or a click elsewhere closes it and focus goes back to the button.
 */
export function ActionsMenu({ label, actions }: { label: string; actions: MenuAction[] }) {
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const close = () => {
    menu.current?.hidePopover();
    button.current?.focus();
  };

  // Placed under the button, right edges aligned; above it when the screen has no room below.
  const onToggle = (e: ToggleEvent<HTMLDivElement>) => {
    const shown = e.newState === 'open';
    setOpen(shown);
    const el = menu.current;
    const at = button.current?.getBoundingClientRect();
    if (!shown || !el || !at) return;
    // A fixed menu would stay behind while its row scrolls away: a scroll closes it.
    const hide = () => el.hidePopover();
    window.addEventListener('scroll', hide, { capture: true, once: true });
    el.addEventListener('toggle', () => window.removeEventListener('scroll', hide, { capture: true }), {
      once: true,
    });
    el.style.right = `${Math.max(8, window.innerWidth - at.right)}px`;
    const below = at.bottom + 4 + el.offsetHeight <= window.innerHeight;
    el.style.top = below ? `${at.bottom + 4}px` : `${Math.max(8, at.top - 4 - el.offsetHeight)}px`;
    items()[0]?.focus({ preventScroll: true });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => list[(i + list.length) % list.length]?.focus();
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(list.length - 1);
    else if (e.key === 'Escape' || e.key === 'Tab') close();
    else return;
    e.preventDefault();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Aksi ${label}`}
        popoverTarget={menuId}
        className="inline-flex min-h-11 items-center gap-1 rounded-xl bg-white px-3 text-sm font-semibold text-neutral-900 ring-1 ring-neutral-300 hover:bg-neutral-50"
      >
        Aksi
        <Icon path="M6 9l6 6 6-6" className="size-4" />
      </button>
      <div
        ref={menu}
        id={menuId}
        popover="auto"
        role="menu"
        aria-label={`Aksi ${label}`}
        onToggle={onToggle}
        onKeyDown={onKeyDown}
        className="fixed inset-auto m-0 min-w-44 rounded-xl bg-white py-1 shadow-lg ring-1 ring-black/10"
      >
        {actions.map((action) =>
          action.to !== undefined ? (
            <Link key={action.label} role="menuitem" to={action.to} className={ITEM}>
              {action.label}
            </Link>
          ) : action.disabled ? (
            // Focusable, as the menu pattern keeps a disabled entry, so its reason is read.
            <button
              key={action.label}
              type="button"
              role="menuitem"
              aria-disabled="true"
              className={ITEM_DISABLED}
            >
              {action.label}
              <span className="text-xs font-normal whitespace-normal">{action.disabled}</span>
            </button>
          ) : (
            <button
              key={action.label}
              type="button"
              role="menuitem"
              className={ITEM}
              onClick={() => {
                close();
                action.onSelect();
              }}
            >
              {action.label}
            </button>
          ),
        )}
      </div>
    </>
  );
}
