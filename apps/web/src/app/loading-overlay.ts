// The loading overlay of index.html (the seed's preloader, DESIGN §12): it covers the page while the
// app starts and fades out about 150 ms after the window's load event (SPEC §9). A slow image must
// not keep a working screen hidden, so it goes after FADE_AT_LATEST_MS whatever happens.

/** SPEC §9: the overlay goes about 150 ms after load. */
export const OVERLAY_DELAY_MS = 150;
const FADE_MS = 200;
const FADE_AT_LATEST_MS = 3000;

/** Fades the overlay out ~150 ms after load (or after 3 s at the latest), then removes it. */
export function fadeLoadingOverlay(): void {
  const overlay = document.getElementById('app-loading');
  if (!overlay) return;
  let started = false;
  const fade = () => {
    if (started) return;
    started = true;
    window.setTimeout(() => {
      overlay.style.opacity = '0';
      overlay.style.pointerEvents = 'none';
      window.setTimeout(() => overlay.remove(), FADE_MS);
    }, OVERLAY_DELAY_MS);
  };
  if (document.readyState === 'complete') fade();
  else window.addEventListener('load', fade, { once: true });
  window.setTimeout(fade, FADE_AT_LATEST_MS);
}
