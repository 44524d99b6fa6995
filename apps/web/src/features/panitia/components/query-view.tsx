import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Notice } from '../../../components/ui/notice';
import { Spinner } from '../../../components/ui/spinner';

/** What QueryView needs of a TanStack query. */
interface QueryLike<T> {
  data: T | undefined;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

/**
 * A read's three states around its content: a spinner, the error with 'Coba lagi', or the
 * content (`empty` when it holds nothing). Data already shown stays, dimmed, while it is fetched again.
 */
export function QueryView<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<T>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isError && !query.isFetching) {
    return (
      <div className="flex flex-col gap-2">
        <Notice tone="error">{query.error?.message ?? 'Data tidak dapat dimuat.'}</Notice>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Coba lagi
        </Button>
      </div>
    );
  }
  if (query.data === undefined) return <Spinner />;
  if (isEmpty?.(query.data)) return <Notice>{empty ?? 'Belum ada data.'}</Notice>;
  return (
    <div
      className={`transition-opacity ${query.isFetching ? 'opacity-60' : ''}`}
      aria-busy={query.isFetching}
    >
      {children(query.data)}
    </div>
  );
}
