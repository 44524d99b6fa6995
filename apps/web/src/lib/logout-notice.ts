// Why the server ended a login (e.g. 'Akun Anda dinonaktifkan panitia …'), kept for /login to show.
// sessionStorage, not localStorage: logout() clears localStorage, and the note belongs to this tab.
// It stays until the next sign-in (docs/decisions/042): the 401 both re-renders the guard and reloads /login, so a
// note taken on first read would be gone after the reload.
const KEY = 'ukt:logout-message';

/** Keeps the server's reason for a logout, shown on /login until the next sign-in. */
export function rememberLogoutMessage(message: string | undefined): void {
  try {
    if (message) sessionStorage.setItem(KEY, message);
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage refused (private mode): the logout still happens, without its reason
  }
}

/** The reason of the last logout the server forced, or null. */
export function logoutMessage(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

/** Forgets the reason (a new sign-in). */
export function clearLogoutMessage(): void {
  rememberLogoutMessage(undefined);
}
