import { type RefObject, useLayoutEffect, useState } from 'react';
import { type BoardFit, fitBoard, snappedOffset } from '../ui/boardFit';

export interface BoardPlacement extends BoardFit {
  /** Offset of the board inside the stage, CSS px, so its corner falls on a device pixel. */
  readonly left: number;
  readonly top: number;
  readonly dpr: number;
}

const same = (a: BoardPlacement | null, b: BoardPlacement) =>
  a !== null && a.size === b.size && a.left === b.left && a.top === b.top && a.dpr === b.dpr;

/**
 * The largest board that fits the stage element (the space the layout leaves beside the header, controls and
 * panels), measured before paint and again whenever the stage resizes or the device pixel ratio changes (zoom, a
 * window moved to another screen). Null until the first measure.
 */
export function useBoardFit(stageRef: RefObject<HTMLElement | null>): BoardPlacement | null {
  const [placement, setPlacement] = useState<BoardPlacement | null>(null);
  useLayoutEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    const measure = () => {
      const rect = stage.getBoundingClientRect();
      const dpr = window.devicePixelRatio || 1;
      const fit = fitBoard(rect.width, rect.height, dpr);
      const next: BoardPlacement = {
        ...fit,
        dpr,
        left: snappedOffset(rect.left, rect.width, fit.size, dpr),
        top: snappedOffset(rect.top, rect.height, fit.size, dpr),
      };
      setPlacement((current) => (same(current, next) ? current : next));
    };
    let ratio: MediaQueryList | null = null;
    const onRatio = () => {
      watchRatio();
      measure();
    };
    const watchRatio = () => {
      ratio?.removeEventListener('change', onRatio);
      ratio = window.matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
      ratio.addEventListener('change', onRatio);
    };
    measure();
    watchRatio();
    const observer = new ResizeObserver(measure);
    observer.observe(stage);
    // A resize can move the stage without resizing it (its device-pixel snapping then changes).
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      ratio?.removeEventListener('change', onRatio);
    };
  }, [stageRef]);
  return placement;
}
