import type { CabangOption, PerwapusOption, RantingOption, RayonOption } from '@ukt/core';
import { useId } from 'react';

/** The four filter values; '' means "all". */
export interface Filters {
  id_perwapus: string;
  id_cabang: string;
  id_ranting: string;
  id_rayon: string;
}

const select =
  'h-11 w-full min-w-0 rounded-xl border-2 border-neutral-300 bg-white px-2 text-sm outline-none focus:border-brand disabled:bg-neutral-100 disabled:text-neutral-500';

function Select({
  label,
  value,
  options,
  disabled,
  onChange,
}: {
  label: string;
  value: string;
  options: { id: string; name: string }[];
  disabled?: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1 text-xs font-medium text-neutral-600">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className={select}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Semua</option>
        {/* A locked value shows even before its option list has arrived. */}
        {value && !options.some((o) => o.id === value) && <option value={value}>…</option>}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Perwapus, cabang, ranting and rayon dropdowns; perwapus and cabang can be locked (SPEC §6). */
export function FilterBar({
  value,
  locked,
  options,
  onChange,
}: {
  value: Filters;
  locked: boolean;
  options: {
    perwapus: PerwapusOption[];
    cabang: CabangOption[];
    ranting: RantingOption[];
    rayon: RayonOption[];
  };
  onChange: (next: Filters) => void;
}) {
  // Choosing a level empties the levels below it: they belong to the old choice.
  return (
    <div className="grid grid-cols-2 gap-2">
      <Select
        label="Perwapus"
        value={value.id_perwapus}
        disabled={locked}
        options={options.perwapus.map((o) => ({ id: o.id_perwapus, name: o.perwapus }))}
        onChange={(v) => onChange({ id_perwapus: v, id_cabang: '', id_ranting: '', id_rayon: '' })}
      />
      <Select
        label="Cabang"
        value={value.id_cabang}
        disabled={locked || !value.id_perwapus}
        options={options.cabang.map((o) => ({ id: o.id_cabang, name: o.cabang }))}
        onChange={(v) => onChange({ ...value, id_cabang: v, id_ranting: '', id_rayon: '' })}
      />
      <Select
        label="Ranting"
        value={value.id_ranting}
        disabled={!value.id_cabang}
        options={options.ranting.map((o) => ({ id: o.id_ranting, name: o.ranting }))}
        onChange={(v) => onChange({ ...value, id_ranting: v, id_rayon: '' })}
      />
      <Select
        label="Rayon"
        value={value.id_rayon}
        disabled={!value.id_ranting}
        options={options.rayon.map((o) => ({ id: o.id, name: o.rayon }))}
        onChange={(v) => onChange({ ...value, id_rayon: v })}
      />
    </div>
  );
}
