import { type InputHTMLAttributes, useRef } from 'react';
import { Icon } from './icon';

/**
 * A search box with a clear icon (the seed's clear icon, DESIGN §12): the ✕ shows while there is
 * text, empties the box in one tap and puts the cursor back in it. The browser's own clear button is
 * hidden so there is one, thumb-sized, in every browser.
 */
export function SearchInput({
  value,
  onValueChange,
  className = '',
  ...props
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onValueChange: (value: string) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="relative">
      <input
        ref={input}
        type="search"
        value={value}
        onChange={(e) => onValueChange(e.currentTarget.value)}
        className={`w-full pr-11 [&::-webkit-search-cancel-button]:appearance-none ${className}`}
        {...props}
      />
      {value !== '' && (
        <button
          type="button"
          aria-label="Hapus pencarian"
          onClick={() => {
            onValueChange('');
            input.current?.focus();
          }}
          className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-xl text-neutral-500 hover:text-neutral-900"
        >
          <Icon path="M6 6l12 12M18 6L6 18" className="size-5" strokeWidth={2.5} />
        </button>
      )}
    </div>
  );
}
