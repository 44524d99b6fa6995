import {
  FlexRender,
  type HeaderGroup,
  type Row,
  type RowData,
  type TableFeatures,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { useFitHeight } from './use-fit-height';
import { useSideColumns } from './use-side-columns';

/** The id of a list's buttons column (the row's 'Aksi' menu). */
export const AKSI = 'aksi';

/**
 * From this many rows on, only the rows in view (and a few around them) are drawn: an event of
 * 2,000 participants draws in well under a second and answers a search at once
 * (docs/decisions/141). Shorter lists draw every row.
 */
export const WINDOW_FROM = 150;
/** A row's height before it is measured (a compact recap row). */
const ROW_ESTIMATE = 57;
const CELL = 'px-3 py-2 border-b border-neutral-100';

/** Extra attributes of a row (a test id, a dimmed look). */
export type RowAttributes<T> = (row: T) => { className?: string; [data: `data-${string}`]: string };

/** Where a header sits above the rows: pinned columns' headers above the other pinned cells. */
const headerStyle = (pinned: boolean): CSSProperties => ({ zIndex: pinned ? 30 : 20 });

/** Lines of text on each side a screenful of columns hides, with buttons to move there. */
function SideCue({
  left,
  right,
  onScroll,
}: {
  left: boolean;
  right: boolean;
  onScroll: (direction: -1 | 1) => void;
}) {
  if (!left && !right) return null;
  const where = left && right ? 'kiri dan kanan' : right ? 'kanan' : 'kiri';
  return (
    <div className="flex items-center justify-end gap-2 text-sm text-neutral-700" data-kolom-lain={where}>
      <p>
        Ada kolom lain di {where}: geser tabel ke samping{right ? ' (Shift + roda tetikus)' : ''} atau pakai
        tombol panah.
      </p>
      <Button
        variant="secondary"
        className="px-3"
        aria-label="Geser tabel ke kiri"
        disabled={!left}
        onClick={() => onScroll(-1)}
      >
        <span aria-hidden="true">←</span>
      </Button>
      <Button
        variant="secondary"
        className="px-3"
        aria-label="Geser tabel ke kanan"
        disabled={!right}
        onClick={() => onScroll(1)}
      >
        <span aria-hidden="true">→</span>
      </Button>
    </div>
  );
}

/**
 * A console list as a table (a laptop or a tablet held sideways). A long list, or one asked to
 * `fill`, scrolls inside a frame that reaches the bottom of the screen: the header stays on top,
 * pinned columns (a `columnClass` with `sticky`) stay at their side, and a shade and a line of text
 * say when columns lie to a side. Past WINDOW_FROM rows only the rows in view are drawn; the table
 * then tells assistive technology how many rows there are (aria-rowcount) and which one each is
 * (aria-rowindex).
 */
export function WideTable<F extends TableFeatures, T extends RowData>({
  headerGroups,
  rows,
  label,
  rowAttributes,
  columnClass,
  fill = false,
}: {
  headerGroups: HeaderGroup<F, T>[];
  rows: Row<F, T>[];
  label: string;
  rowAttributes?: RowAttributes<T> | undefined;
  columnClass?: Partial<Record<string, string>> | undefined;
  fill?: boolean;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const windowed = rows.length >= WINDOW_FROM;
  const fit = fill || windowed;
  // Until the frame is measured, at most the screen's height: a frame as tall as its rows would
  // have every row drawn.
  const maxHeight = useFitHeight(frame, fit) ?? (fit ? '100dvh' : undefined);
  const { side, scrollSide } = useSideColumns(frame);
  const virtualizer = useVirtualizer({
    count: windowed ? rows.length : 0,
    getScrollElement: () => frame.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 6,
  });
  const classOf = (id: string) => columnClass?.[id] ?? '';
  const columns = headerGroups.at(-1)?.headers.length ?? 1;
  const headerRows = headerGroups.length;

  const drawRow = (row: Row<F, T>, index: number) => {
    const { className = '', ...attributes } = rowAttributes?.(row.original) ?? {};
    return (
      <tr
        key={row.id}
        className={`align-top ${className}`}
        {...(windowed
          ? { 'aria-rowindex': headerRows + index + 1, 'data-index': index, ref: virtualizer.measureElement }
          : {})}
        {...attributes}
      >
        {row.getAllCells().map((cell) => (
          <td key={cell.id} className={`${CELL} ${classOf(cell.column.id)}`}>
            <FlexRender cell={cell} />
          </td>
        ))}
      </tr>
    );
  };

  const items = virtualizer.getVirtualItems();
  const before = windowed ? (items[0]?.start ?? 0) : 0;
  const after = windowed ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const spacer = (height: number, key: string) =>
    height > 0 && (
      // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty row holding the place of rows not drawn; nothing in it takes focus
      <tr key={key} aria-hidden="true">
        <td colSpan={columns} style={{ height, padding: 0 }} />
      </tr>
    );

  return (
    <div className="flex flex-col gap-2">
      <SideCue left={side.left} right={side.right} onScroll={scrollSide} />
      <div className="relative">
        <div
          ref={frame}
          style={{ maxHeight }}
          className={`${maxHeight === undefined ? 'overflow-x-auto' : 'overflow-auto overscroll-contain'} scroll-pt-12 rounded-2xl bg-white shadow-sm ring-1 ring-black/5`}
        >
          <table
            aria-label={label}
            aria-rowcount={windowed ? headerRows + rows.length : undefined}
            className="w-full border-separate border-spacing-0 text-left text-sm"
          >
            <thead className="text-xs font-semibold text-neutral-600 uppercase [&_th]:bg-neutral-50">
              {headerGroups.map((group, g) => (
                <tr key={group.id} aria-rowindex={windowed ? g + 1 : undefined}>
                  {group.headers.map((header) => {
                    const cls = classOf(header.column.id);
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        style={headerStyle(cls.includes('sticky'))}
                        className={`sticky top-0 border-b border-neutral-200 px-3 py-2 whitespace-nowrap ${cls}`}
                      >
                        {header.isPlaceholder ? null : header.column.id === AKSI &&
                          !header.column.columnDef.header ? (
                          // The buttons column shows no title, but a screen reader names its cells.
                          <span className="sr-only">Aksi</span>
                        ) : (
                          <FlexRender header={header} />
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {windowed ? (
                <>
                  {spacer(before, 'sebelum')}
                  {items.map((item) => {
                    const row = rows[item.index];
                    return row ? drawRow(row, item.index) : null;
                  })}
                  {spacer(after, 'sesudah')}
                </>
              ) : (
                rows.map(drawRow)
              )}
            </tbody>
          </table>
        </div>
        {/* The shade over the edge where columns are hidden, beside the pinned ones. */}
        {side.left && (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 w-6 bg-linear-to-r from-neutral-900/15 to-transparent"
            style={{ left: side.pinnedLeft }}
          />
        )}
        {side.right && (
          <div
            aria-hidden="true"
            data-bayang="kanan"
            className="pointer-events-none absolute inset-y-0 w-6 bg-linear-to-l from-neutral-900/15 to-transparent"
            style={{ right: side.pinnedRight }}
          />
        )}
      </div>
    </div>
  );
}
