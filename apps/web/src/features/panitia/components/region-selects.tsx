import { useCabang } from '../../../lib/regions/get-cabang';
import { usePerwapus } from '../../../lib/regions/get-perwapus';
import { useRanting } from '../../../lib/regions/get-ranting';
import { useRayon } from '../../../lib/regions/get-rayon';
import { SelectField } from './field';
import type { FieldErrors } from './form-errors';

/** A chosen region, as ids; '' is "none chosen" (or "all", in a filter). */
export interface Region {
  id_perwapus: string;
  id_cabang: string;
  id_ranting: string;
  id_rayon: string;
}

/** No region chosen. */
export const NO_REGION: Region = { id_perwapus: '', id_cabang: '', id_ranting: '', id_rayon: '' };

/**
 * Perwapus → cabang (→ ranting → rayon) selects, each loaded when the level above is chosen.
 * Choosing a level empties the levels below it: they belonged to the old choice.
 */
export function RegionSelects({
  value,
  onChange,
  levels,
  empty,
  errors = {},
  disabled = false,
}: {
  value: Region;
  onChange: (next: Region) => void;
  /** 2: perwapus and cabang (an examiner); 4: down to the rayon (a participant). */
  levels: 2 | 4;
  /** The text of the '' option: 'Semua' in a filter, 'Pilih …' in a form. */
  empty: string;
  errors?: FieldErrors;
  disabled?: boolean;
}) {
  const perwapus = usePerwapus();
  const cabang = useCabang(value.id_perwapus);
  const ranting = useRanting(levels === 4 ? value.id_cabang : '');
  const rayon = useRayon(levels === 4 ? value.id_ranting : '');
  // A chosen value shows even before its option list has arrived.
  const withValue = (options: { value: string; label: string }[], chosen: string) =>
    chosen && !options.some((o) => o.value === chosen)
      ? [{ value: chosen, label: '…' }, ...options]
      : options;

  return (
    <>
      <SelectField
        label="Perwapus"
        value={value.id_perwapus}
        empty={empty}
        disabled={disabled}
        error={errors.id_perwapus}
        options={withValue(
          (perwapus.data ?? []).map((o) => ({ value: o.id_perwapus, label: o.perwapus })),
          value.id_perwapus,
        )}
        onValue={(v) => onChange({ ...NO_REGION, id_perwapus: v })}
      />
      <SelectField
        label="Cabang"
        value={value.id_cabang}
        empty={empty}
        disabled={disabled || !value.id_perwapus}
        error={errors.id_cabang}
        options={withValue(
          (cabang.data ?? []).map((o) => ({ value: o.id_cabang, label: o.cabang })),
          value.id_cabang,
        )}
        onValue={(v) => onChange({ ...NO_REGION, id_perwapus: value.id_perwapus, id_cabang: v })}
      />
      {levels === 4 && (
        <>
          <SelectField
            label="Ranting"
            value={value.id_ranting}
            empty={empty}
            disabled={disabled || !value.id_cabang}
            error={errors.id_ranting}
            options={withValue(
              (ranting.data ?? []).map((o) => ({ value: o.id_ranting, label: o.ranting })),
              value.id_ranting,
            )}
            onValue={(v) => onChange({ ...value, id_ranting: v, id_rayon: '' })}
          />
          <SelectField
            label="Rayon"
            value={value.id_rayon}
            empty={empty}
            disabled={disabled || !value.id_ranting}
            error={errors.id_rayon}
            options={withValue(
              (rayon.data ?? []).map((o) => ({ value: o.id, label: o.rayon })),
              value.id_rayon,
            )}
            onValue={(v) => onChange({ ...value, id_rayon: v })}
          />
        </>
      )}
    </>
  );
}
