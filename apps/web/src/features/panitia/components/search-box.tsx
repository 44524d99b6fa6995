import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';

/** A search field with its button; the search runs on 'Cari' or Enter, not on every key. */
export function SearchBox({
  value,
  onSearch,
  placeholder,
}: {
  value: string;
  onSearch: (text: string) => void;
  placeholder: string;
}) {
  const [text, setText] = useState(value);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <search>
      <form onSubmit={submit} className="flex gap-2">
        <input
          type="search"
          aria-label="Cari"
          placeholder={placeholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="h-11 min-w-0 flex-1 rounded-xl border-2 border-neutral-300 bg-white px-3 text-base outline-none focus:border-brand"
        />
        <Button type="submit" variant="secondary">
          Cari
        </Button>
      </form>
    </search>
  );
}
