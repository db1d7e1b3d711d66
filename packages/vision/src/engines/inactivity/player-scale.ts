import { findComponents, type Component } from './components.js';

/** How big people look on the field and how many are visible, read from one frame. */
export interface PlayerScale {
  /** Median height (px) of the person-shaped blobs on the field; 0 when none were found. */
  heightPx: number;
  /** Person-shaped blobs on the field. */
  count: number;
}

/**
 * People on the field are upright blobs that are not field colour. Field lines (long and thin),
 * logos and painted areas (wide, large) and specks (a pixel or two) are left out by shape.
 */
export function measurePlayerScale(
  notField: Uint8Array,
  width: number,
  height: number,
  labels: Int32Array,
): PlayerScale {
  const blobs = findComponents(notField, width, height, labels, 4).filter((c) =>
    isPersonShaped(c, height),
  );
  if (blobs.length === 0) return { heightPx: 0, count: 0 };
  const heights = blobs.map((c) => c.y1 - c.y0 + 1).sort((a, b) => a - b);
  return { heightPx: heights[heights.length >> 1]!, count: blobs.length };
}

function isPersonShaped(c: Component, frameHeight: number): boolean {
  const w = c.x1 - c.x0 + 1;
  const h = c.y1 - c.y0 + 1;
  if (h < 3 || h > frameHeight * 0.6) return false;
  // One person is taller than wide; two or three side by side are at most about twice as wide.
  if (w > h * 2.2 || h > w * 6) return false;
  return c.area >= 0.3 * w * h;
}
