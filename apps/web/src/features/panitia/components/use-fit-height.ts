import { type RefObject, useLayoutEffect, useState } from 'react';

/** The least height of a fitted frame: a few rows, even on a short screen or below open filters. */
const MIN_HEIGHT = 320;
/** Room kept below the frame, so its bottom edge and sideways scroll bar show. */
const BOTTOM_GAP = 16;

/**
 * The height from the top of `ref`'s element (where it sits in the page) to the bottom of the
 * screen, at least MIN_HEIGHT: a long table scrolls inside a frame that fits the screen, so its
 * header and its sideways scroll bar stay in view. Undefined while `on` is false.
 */
export function useFitHeight(ref: RefObject<HTMLElement | null>, on: boolean): number | undefined {
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    const el = ref.current;
    if (!on || !el) return;
    const fit = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(MIN_HEIGHT, Math.round(window.innerHeight - top - BOTTOM_GAP)));
    };
    fit();
    // What sits above the frame may grow or shrink (filters unfolded, a notice): the page's body
    // resizes with it.
    const observer = new ResizeObserver(fit);
    observer.observe(document.body);
    window.addEventListener('resize', fit);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', fit);
    };
  }, [ref, on]);
  return on ? height : undefined;
}
