import { showDialog } from '../../../lib/dialogs';

/**
 * Logout with scores not yet received (issue 6): warns and refuses unless the examiner exports them
 * first. Resolves true when logging out is safe: nothing unsent, or everything just exported (the
 * items stay on the phone under this examiner and are sent at their next sign-in here).
 */
export async function confirmUnsentBeforeLogout(): Promise<boolean> {
  // Lazy: IndexedDB code stays out of the login's first load (the menu is part of the app shell).
  const outbox = await import('../../../lib/outbox');
  // With a signal, what waits may go now (a few seconds at most) and the question never comes up.
  await Promise.race([outbox.flushOutbox(), new Promise((r) => setTimeout(r, 3000))]).catch(() => undefined);
  const { safe, unsent } = await outbox.safeToLogOut();
  if (safe) return true;
  const warning = await showDialog({
    icon: 'warning',
    title: 'Nilai belum terkirim',
    text: `${unsent} nilai masih tersimpan di HP dan belum diterima server. Ekspor dulu agar tidak hilang, atau tunggu sampai terkirim.`,
    showDenyButton: true,
    confirmButtonText: 'Ekspor nilai tertunda',
    denyButtonText: 'Batal',
  });
  if (!warning.isConfirmed) return false;
  const count = await outbox.exportPending();
  const after = await showDialog({
    icon: 'success',
    title: 'Nilai diekspor',
    text: `${count} nilai tersimpan di file. Bagikan file itu ke panitia. Nilai tetap di HP ini dan dikirim saat Anda masuk lagi. Keluar sekarang?`,
    showDenyButton: true,
    confirmButtonText: 'Keluar',
    denyButtonText: 'Batal',
  });
  return after.isConfirmed;
}
