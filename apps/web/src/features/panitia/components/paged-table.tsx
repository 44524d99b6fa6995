import type { RowData } from '@tanstack/react-table';
import type { PageMeta } from '@ukt/core';
import { Pager } from '../../../components/ui/pager';
import { type Column, DataTable } from './data-table';

/**
 * A page of a console list: how many there are ('120 peserta'), the table (cards on a phone), and
 * the pager when there is more than one page.
 */
export function PagedTable<T extends RowData>({
  page,
  noun,
  onPage,
  ...table
}: {
  page: { data: T[]; meta: PageMeta };
  /** What is counted, e.g. 'peserta'. */
  noun: string;
  onPage: (hal: number) => void;
  label: string;
  columns: Column<T>[];
  getRowId: (row: T) => string;
  rowAttributes?: (row: T) => { className?: string; [data: `data-${string}`]: string };
}) {
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-neutral-600">
        {page.meta.total} {noun}
      </p>
      <DataTable data={page.data} {...table} />
      {page.meta.total_pages > 1 && (
        <Pager hal={page.meta.hal} totalPages={page.meta.total_pages} onPage={onPage} />
      )}
    </div>
  );
}
