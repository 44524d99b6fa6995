import {
  type ColumnDef,
  createColumnHelper as columnHelperOf,
  type RowData,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useWide } from './use-wide';

// The console's tables need no sorting or paging of their own: the server pages and filters.
const features = tableFeatures({});
type Features = typeof features;

/** A column of a console list; `id: 'aksi'` marks the buttons column. */
// biome-ignore lint/suspicious/noExplicitAny: each column keeps its own value type (react-table's helper)
export type Column<T extends RowData> = ColumnDef<Features, T, any>;

/** The column helper of a console list of T. */
export function createColumnHelper<T extends RowData>() {
  return columnHelperOf<Features, T>();
}

/** The id of the buttons column: its cells go to the foot of a card, without a label. */
export const AKSI = 'aksi';

/** The header of a column as card label text. */
const headerText = (header: unknown): string => (typeof header === 'string' ? header : '');

/**
 * A console list: a table on a wide screen, a stack of cards on a phone (DESIGN §9); one of the
 * two is rendered, never both (docs/decisions/042). On a card the first column is the title, the
 * others are labelled by their header, and the 'aksi' cells close it.
 */
export function DataTable<T extends RowData>({
  data,
  columns,
  getRowId,
  label,
  rowAttributes,
  columnClass,
}: {
  /** Stable between renders (the query's data), as react-table requires. */
  data: T[];
  /** Stable between renders (module scope or useMemo). */
  columns: Column<T>[];
  getRowId: (row: T) => string;
  /** The list's accessible name, e.g. 'Daftar kegiatan'. */
  label: string;
  /** Extra attributes of a row or card (a test id, a dimmed look). */
  rowAttributes?: (row: T) => { className?: string; [data: `data-${string}`]: string };
  /**
   * Extra classes of a column's header and cells in the table (a width, a sticky position with its
   * own background); the cards ignore them.
   */
  columnClass?: Partial<Record<string, string>>;
}) {
  const wide = useWide();
  const table = useTable({ features, columns, data, getRowId: (row) => getRowId(row) });
  const rows = table.getRowModel().rows;

  if (wide) {
    return (
      <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
        <table aria-label={label} className="w-full text-left text-sm">
          <thead className="border-b border-neutral-200 bg-neutral-50 text-xs [&_th]:bg-neutral-50 font-semibold text-neutral-600 uppercase">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th
                    key={header.id}
                    scope="col"
                    className={`px-3 py-2 whitespace-nowrap ${columnClass?.[header.column.id] ?? ''}`}
                  >
                    {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody className="divide-y divide-neutral-100">
            {rows.map((row) => {
              const { className = '', ...attributes } = rowAttributes?.(row.original) ?? {};
              return (
                <tr key={row.id} className={`align-top ${className}`} {...attributes}>
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} className={`px-3 py-2 ${columnClass?.[cell.column.id] ?? ''}`}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {rows.map((row) => {
        const { className = '', ...attributes } = rowAttributes?.(row.original) ?? {};
        const [title, ...rest] = row.getAllCells();
        const actions = rest.filter((c) => c.column.id === AKSI);
        const fields = rest.filter((c) => c.column.id !== AKSI);
        return (
          <li
            key={row.id}
            className={`flex flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-black/5 ${className}`}
            {...attributes}
          >
            {title && (
              <div className="font-semibold">
                <table.FlexRender cell={title} />
              </div>
            )}
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              {fields.map((cell) => (
                <CardField key={cell.id} label={headerText(cell.column.columnDef.header)}>
                  <table.FlexRender cell={cell} />
                </CardField>
              ))}
            </dl>
            {actions.map((cell) => (
              <div key={cell.id}>
                <table.FlexRender cell={cell} />
              </div>
            ))}
          </li>
        );
      })}
    </ul>
  );
}

function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-neutral-500">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}
