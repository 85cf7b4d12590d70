import { BOARD_SIZE } from './boardModel';

export interface BoardFit {
  /** Side of the square board in CSS px: `cells × cellCss`. */
  readonly size: number;
  /** One cell in CSS px (a whole number of device pixels divided by the device pixel ratio). */
  readonly cellCss: number;
  /** One cell in device pixels: a whole number, at least 1. */
  readonly cellDevicePx: number;
}

const sane = (n: number, fallback: number) => (Number.isFinite(n) && n > 0 ? n : fallback);

/**
 * The largest square of `cells × cells` equal cells that fits in `width × height` CSS px, every cell the same whole
 * number of device pixels (no cell one pixel wider than its neighbour, no blurred grid lines).
 */
export function fitBoard(width: number, height: number, dpr: number, cells: number = BOARD_SIZE): BoardFit {
  const ratio = sane(dpr, 1);
  const side = Math.min(sane(width, 0) || 0, sane(height, 0) || 0);
  // The epsilon keeps 37 × 8 px from flooring to 7 px when layout reports 295.99999 px.
  const cellDevicePx = Math.max(1, Math.floor((side * ratio) / cells + 1e-6));
  const cellCss = cellDevicePx / ratio;
  return { size: cellCss * cells, cellCss, cellDevicePx };
}

/** The offset (CSS px) that centres `size` in `space` starting at `origin`, so the board's edge falls on a device pixel. */
export function snappedOffset(origin: number, space: number, size: number, dpr: number): number {
  const ratio = sane(dpr, 1);
  const ideal = origin + Math.max(0, space - size) / 2;
  return Math.round(ideal * ratio) / ratio - origin;
}
