import { startTransition, useEffect, useState } from 'react';

// The signed-in frame draws its top bar first and asks for the screen's lazy chunks only after
// that frame is on the screen: a cold start shows the organisation's bar as soon as the entry
// chunk has run, instead of after every chunk of the screen (docs/decisions/059).

/** Whether the app has drawn its first frame; once true, true for the rest of the page's life. */
let painted = false;
/** A hidden tab draws no frames: the content comes after this at the latest. */
const AT_LATEST_MS = 200;

/** False on the app's very first render, true from the frame after it was painted. */
export function useFirstPaintDone(): boolean {
  const [done, setDone] = useState(painted);
  useEffect(() => {
    if (done) return;
    let timer: number | undefined;
    const finish = () => {
      painted = true;
      // A transition: React draws the screen in slices and the phone stays responsive meanwhile.
      startTransition(() => setDone(true));
    };
    // A timer queued from a frame callback runs after that frame is painted.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(finish);
    });
    const latest = window.setTimeout(finish, AT_LATEST_MS);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      window.clearTimeout(latest);
    };
  }, [done]);
  return done;
}
