import { type RefObject, useCallback, useLayoutEffect, useState } from 'react';

/** Which sides of a scrolling table frame hide columns, and the widths of its pinned columns. */
export interface SideColumns {
  left: boolean;
  right: boolean;
  /** The width of the columns pinned at the left (the shade starts beside them). */
  pinnedLeft: number;
  /** The width of the columns pinned at the right. */
  pinnedRight: number;
}

const NONE: SideColumns = { left: false, right: false, pinnedLeft: 0, pinnedRight: 0 };

/** The widths of the header cells that stay at one side while the frame scrolls sideways. */
function pinnedWidths(frame: HTMLElement): { pinnedLeft: number; pinnedRight: number } {
  let pinnedLeft = 0;
  let pinnedRight = 0;
  const cells = frame.querySelectorAll<HTMLElement>('thead tr:first-child > th');
  for (const th of cells) {
    const style = getComputedStyle(th);
    if (style.position !== 'sticky') continue;
    if (style.left !== 'auto') pinnedLeft += th.offsetWidth;
    else if (style.right !== 'auto') pinnedRight += th.offsetWidth;
  }
  return { pinnedLeft, pinnedRight };
}

/**
 * Whether the table in `ref`'s frame has columns out of view to the left or right (a shade and a
 * line of text tell the user), and `scrollSide` to move a screenful that way.
 */
export function useSideColumns(ref: RefObject<HTMLElement | null>) {
  const [side, setSide] = useState<SideColumns>(NONE);
  useLayoutEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    let pinned = pinnedWidths(frame);
    const update = () => {
      const max = frame.scrollWidth - frame.clientWidth;
      const left = frame.scrollLeft > 1;
      const right = frame.scrollLeft < max - 1;
      setSide((s) =>
        s.left === left &&
        s.right === right &&
        s.pinnedLeft === pinned.pinnedLeft &&
        s.pinnedRight === pinned.pinnedRight
          ? s
          : { left, right, ...pinned },
      );
    };
    const resized = () => {
      pinned = pinnedWidths(frame);
      update();
    };
    update();
    frame.addEventListener('scroll', update, { passive: true });
    const observer = new ResizeObserver(resized);
    observer.observe(frame);
    if (frame.firstElementChild) observer.observe(frame.firstElementChild);
    return () => {
      frame.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [ref]);

  const scrollSide = useCallback(
    (direction: -1 | 1) => {
      const frame = ref.current;
      if (!frame) return;
      const visible = frame.clientWidth - side.pinnedLeft - side.pinnedRight;
      frame.scrollBy({ left: direction * Math.max(120, visible * 0.8), behavior: 'smooth' });
    },
    [ref, side.pinnedLeft, side.pinnedRight],
  );
  return { side, scrollSide };
}
