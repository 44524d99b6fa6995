import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SearchInput } from '../../../components/ui/search-input';

/** A search field with its button and clear icon; the search runs on 'Cari' or Enter, not on every key. */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  label = 'Cari',
}: {
  value: string;
  onSearch: (text: string) => void;
  placeholder: string;
  /** The field's accessible name, when a page has more than one search ('Cari peserta'). */
  label?: string;
}) {
  const [text, setText] = useState(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search>
      <form onSubmit={submit} className="flex gap-2">
        <div className="min-w-0 flex-1">
          <SearchInput
            aria-label={label}
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
