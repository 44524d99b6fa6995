import type { Organisasi } from '@ukt/core';
import { API } from '@ukt/core';
import { useSyncExternalStore } from 'react';
import { apiGet } from './api-client';
import { ORG_ID } from './config';
import { useSession } from './session';

let publicConfig: Organisasi | null = null;
let requested = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Fetches the organisation's public config (GET /organisasi/{id}) once, for the screens shown
 * before login; the static pages never call it, as they make no calls (SPEC §1).
 */
export function loadPublicOrganisasi(): void {
  if (requested) return;
  requested = true;
  apiGet<{ data: Organisasi }>(API.organisasi.href(ORG_ID))
    .then((result) => {
      publicConfig = result.data;
      for (const listener of listeners) listener();
    })
    .catch(() => {
      requested = false; // try again on the next screen that asks
    });
}

/** The organisation's branding: from the login when signed in, else its public config once loaded. */
export function useOrganisasi(): Organisasi | null {
  const { organisasi } = useSession();
  const fetched = useSyncExternalStore(subscribe, () => publicConfig);
  return organisasi ?? fetched;
}

/** The URL of the organisation's logo, or the bundled emblem when it has none. */
export function logoUrl(organisasi: Organisasi | null): string {
  const logo = organisasi?.logo?.trim();
  if (logo && /^(https?:\/\/|\/|data:)/.test(logo)) return logo;
  return '/logo.svg';
}
