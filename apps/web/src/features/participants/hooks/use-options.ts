import { useEffect, useState } from 'react';

/** Options of one filter, loaded when its parent is chosen ('' parent = none needed or not chosen). */
export function useOptions<T>(
  load: (parent: string, signal: AbortSignal) => Promise<T[]>,
  parent: string | null,
): T[] {
  const [options, setOptions] = useState<T[]>([]);
  useEffect(() => {
    setOptions([]);
    if (parent === '') return;
    const controller = new AbortController();
    load(parent ?? '', controller.signal)
      .then(setOptions)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error(error);
      });
    return () => controller.abort();
  }, [load, parent]);
  return options;
}
