import { FlexRender, type Row, type RowData, type TableFeatures } from '@tanstack/react-table';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import type { RowAttributes } from './wide-table';
import { AKSI, WINDOW_FROM } from './wide-table';

/** The id of the buttons column: its cells go to the foot of a card, without a label. */
export { AKSI };

/** A card's height before it is measured. */
const CARD_ESTIMATE = 180;

/** The header of a column as card label text. */
const headerText = (header: unknown): string => (typeof header === 'string' ? header : '');

function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-neutral-500">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/** One card: the first column as its title, the others labelled by their header, 'aksi' at its foot. */
function Card<F extends TableFeatures, T extends RowData>({ row }: { row: Row<F, T> }) {
  const [title, ...rest] = row.getAllCells();
  const actions = rest.filter((c) => c.column.id === AKSI);
  const fields = rest.filter((c) => c.column.id !== AKSI);
  return (
    <>
      {title && (
        <div className="font-semibold">
          <FlexRender cell={title} />
        </div>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {fields.map((cell) => (
          <CardField key={cell.id} label={headerText(cell.column.columnDef.header)}>
            <FlexRender cell={cell} />
          </CardField>
        ))}
      </dl>
      {actions.map((cell) => (
        <div key={cell.id}>
          <FlexRender cell={cell} />
        </div>
      ))}
    </>
  );
}

const CARD = 'flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5';

/**
 * A console list as a stack of cards (a phone). Past WINDOW_FROM cards only those near the screen
 * are drawn, placed where they belong in the page's own scroll; each says its place in the list
 * (aria-posinset of aria-setsize).
 */
export function CardList<F extends TableFeatures, T extends RowData>({
  rows,
  label,
  rowAttributes,
}: {
  rows: Row<F, T>[];
  label: string;
  rowAttributes?: RowAttributes<T> | undefined;
}) {
  const list = useRef<HTMLUListElement>(null);
  const windowed = rows.length >= WINDOW_FROM;
  const [offset, setOffset] = useState(0);
  useLayoutEffect(() => {
    const el = list.current;
    if (!windowed || !el) return;
    const measure = () => setOffset(el.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [windowed]);
  const virtualizer = useWindowVirtualizer({
    count: windowed ? rows.length : 0,
    estimateSize: () => CARD_ESTIMATE,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 4,
    scrollMargin: offset,
  });

  if (!windowed) {
    return (
      <ul ref={list} aria-label={label} className="flex flex-col gap-3">
        {rows.map((row) => {
          const { className = '', ...attributes } = rowAttributes?.(row.original) ?? {};
          return (
            <li key={row.id} className={`${CARD} ${className}`} {...attributes}>
              <Card row={row} />
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <ul ref={list} aria-label={label} className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        const { className = '', ...attributes } = rowAttributes?.(row.original) ?? {};
        return (
          <li
            key={row.id}
            ref={virtualizer.measureElement}
            data-index={item.index}
            aria-setsize={rows.length}
            aria-posinset={item.index + 1}
            className={`absolute inset-x-0 top-0 pb-3 ${className}`}
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
            {...attributes}
          >
            <div className={CARD}>
              <Card row={row} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
