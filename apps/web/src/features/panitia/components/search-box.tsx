import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SearchInput } from '../../../components/ui/search-input';

/**
 * A search field with its button and clear icon; the search runs on 'Cari' or Enter, not on every key.
 * With `findKey`, Ctrl+F (⌘F) comes here first: a page that draws only some of its rows (a long recap
 * drawn as it scrolls, a page of 20) is searched whole by its own search, where the browser's find
 * would miss what is not drawn. A second Ctrl+F, in the field, opens the browser's find as usual.
 */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  label = 'Cari',
  findKey = false,
}: {
  value: string;
  onSearch: (text: string) => void;
  placeholder: string;
  /** The field's accessible name, when a page has more than one search ('Cari peserta'). */
  label?: string;
  findKey?: boolean;
}) {
  const [text, setText] = useState(value);
  const box = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!findKey) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 'f') return;
      const input = box.current?.querySelector('input');
      if (!input || document.activeElement === input) return;
      e.preventDefault();
      input.focus();
      input.select();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [findKey]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search ref={box}>
      <form onSubmit={submit} className="flex gap-2">
        <div className="min-w-0 flex-1">
          <SearchInput
            aria-label={label}
            aria-keyshortcuts={findKey ? 'Control+F' : undefined}
            placeholder={placeholder}
            value={text}
            onValueChange={(value) => {
              setText(value);
              // The clear icon shows everything again at once.
              if (value === '') onSearch('');
            }}
            className="h-11 rounded-xl border-2 border-neutral-300 bg-white px-3 text-base outline-none focus:border-brand"
          />
        </div>
        <Button type="submit" variant="secondary">
          Cari
        </Button>
      </form>
    </search>
  );
}
