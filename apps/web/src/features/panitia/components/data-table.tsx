import {
  type ColumnDef,
  createColumnHelper as columnHelperOf,
  type RowData,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { CardList } from './card-list';
import { useWide } from './use-wide';
import { type RowAttributes, WideTable } from './wide-table';

export { AKSI } from './card-list';

// The console's tables need no sorting or paging of their own: the server pages and filters, and
// a page that searches its own rows (the recap) hands over only the rows that match.
const features = tableFeatures({});
type Features = typeof features;

/** A column of a console list; `id: 'aksi'` marks the buttons column. */
// biome-ignore lint/suspicious/noExplicitAny: each column keeps its own value type (react-table's helper)
export type Column<T extends RowData> = ColumnDef<Features, T, any>;

/** The column helper of a console list of T. */
export function createColumnHelper<T extends RowData>() {
  return columnHelperOf<Features, T>();
}

/**
 * A console list: a table on a wide screen, a stack of cards on a phone (DESIGN §9); one of the
 * two is rendered, never both (docs/decisions/042). On a card the first column is the title, the
 * others are labelled by their header, and the 'aksi' cells close it. A long list draws only the
 * rows in view (docs/decisions/141).
 */
export function DataTable<T extends RowData>({
  data,
  columns,
  getRowId,
  label,
  rowAttributes,
  columnClass,
  fill,
}: {
  /** Stable between renders (the query's data), as react-table requires. */
  data: T[];
  /** Stable between renders (module scope or useMemo). */
  columns: Column<T>[];
  getRowId: (row: T) => string;
  /** The list's accessible name, e.g. 'Daftar kegiatan'. */
  label: string;
  /** Extra attributes of a row or card (a test id, a dimmed look). */
  rowAttributes?: RowAttributes<T>;
  /**
   * Extra classes of a column's header and cells in the table (a width, a sticky position with its
   * own background); the cards ignore them.
   */
  columnClass?: Partial<Record<string, string>>;
  /**
   * The table scrolls inside a frame reaching the bottom of the screen, its header and pinned
   * columns in view (always so for a long list).
   */
  fill?: boolean;
}) {
  const wide = useWide();
  const table = useTable({ features, columns, data, getRowId: (row) => getRowId(row) });
  const rows = table.getRowModel().rows;

  if (wide) {
    return (
      <WideTable
        headerGroups={table.getHeaderGroups()}
        rows={rows}
        label={label}
        rowAttributes={rowAttributes}
        columnClass={columnClass}
        fill={fill}
      />
    );
  }
  return <CardList rows={rows} label={label} rowAttributes={rowAttributes} />;
}
