import { isAdminPanitia } from '@ukt/core';

/**
 * A committee role as the console names it: both spellings of the admin role in the data
 * ('Admin', 'adminstrator', SPEC §6) read 'Admin panitia'; everyone else is a 'Penguji'.
 */
export function peranLabel(panitia: string): string {
  return isAdminPanitia(panitia) ? 'Admin panitia' : 'Penguji';
}

/**
 * The role choices of the examiner form: 'Penguji' and one 'Admin panitia', whose value keeps the
 * spelling the examiner already has ('adminstrator' stays so), else 'Admin'.
 */
export function peranOptions(current: string | undefined): { value: string; label: string }[] {
  const admin = current && isAdminPanitia(current) ? current : 'Admin';
  return [
    { value: 'Penguji', label: 'Penguji' },
    { value: admin, label: 'Admin panitia' },
  ];
}
