// Zooming a page inside a scrolling box: zoom levels, and where to scroll so that the point under
// the pointer (or between two fingers) stays where it is while everything grows around it.
import { clamp } from "./comic-layout.ts";

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 5;
/** What double-tap and double-click zoom to. */
export const DOUBLE_TAP_ZOOM = 2.5;
const KEY_FACTOR = 1.25;

export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return MIN_ZOOM;
  // Within a hair of 1 is 1, so that zooming back in steps lands exactly on the fitted size.
  const clamped = clamp(zoom, MIN_ZOOM, MAX_ZOOM);
  return Math.abs(clamped - 1) < 0.02 ? 1 : clamped;
}

/** One press of + or -. */
export function zoomStep(zoom: number, direction: 1 | -1): number {
  return clampZoom(direction === 1 ? zoom * KEY_FACTOR : zoom / KEY_FACTOR);
}

/** Ctrl + wheel (and trackpad pinch, which browsers send as one): smooth, whatever the delta unit. */
export function wheelZoom(zoom: number, deltaY: number): number {
  return clampZoom(zoom * Math.exp(-clamp(deltaY, -100, 100) * 0.01));
}

/** Double-tap: in to DOUBLE_TAP_ZOOM from the fitted size, back out from anywhere else. */
export function toggleZoom(zoom: number): number {
  return zoom > 1 ? 1 : DOUBLE_TAP_ZOOM;
}

/** Two fingers: the zoom that follows how far apart they are now against when they landed. */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return clampZoom(startZoom);
  return clampZoom((startZoom * distance) / startDistance);
}

export interface Axis {
  /** How far the box is scrolled. */
  scroll: number;
  /** The box's visible length. */
  viewport: number;
  /** The content's length before the change. */
  size: number;
  /** The fixed point, from the box's visible start (pointer or pinch centre). */
  point: number;
}

/**
 * The scroll offset along one axis after the content grows by `ratio`, keeping the content under
 * `point` in place. Content smaller than the box is centred in it (no scrolling), so the centring
 * margin before and after enters the sum; the result stays within what the box can scroll.
 */
export function anchoredScroll({ scroll, viewport, size, point }: Axis, ratio: number): number {
  const margin = Math.max(0, (viewport - size) / 2);
  const contentPoint = scroll + point - margin;
  const nextSize = size * ratio;
  const nextMargin = Math.max(0, (viewport - nextSize) / 2);
  const next = contentPoint * ratio + nextMargin - point;
  return clamp(next, 0, Math.max(0, nextSize - viewport));
}

export function distance(a: { x: number; y: number }, b: { x: number; y: number }): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}
