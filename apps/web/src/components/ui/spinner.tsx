/** A small busy indicator with a label for screen readers. */
export function Spinner({ label = 'Memuat…' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-8 text-sm text-neutral-500">
      <span className="size-5 animate-spin rounded-full border-2 border-neutral-300 border-t-brand" />
      <span>{label}</span>
    </div>
  );
}
