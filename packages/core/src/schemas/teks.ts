import { fieldLabel } from '../labels';
import { z } from '../zod';

// The text checks of every form and import file: trimmed, with a most length. The console's forms
// name the field in the message ("Nama UKT wajib diisi", docs/decisions/107); an import file's
// cell does not, its report names the line and the column.

/** A required text of at most `max` characters; `field` is named in its messages when given. */
export const requiredText = (max: number, field?: string) => {
  const who = field ? `${fieldLabel(field)} ` : '';
  return z
    .string({ error: `${who}wajib diisi` })
    .trim()
    .min(1, { error: `${who}wajib diisi` })
    .max(max, { error: `${who}paling panjang ${max} karakter` });
};

/** An optional text of at most `max` characters, empty when missing. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `paling panjang ${max} karakter` })
    .default('');
