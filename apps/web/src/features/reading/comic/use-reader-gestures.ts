// Pointer, touch and wheel input over a page area: taps by third (with double-tap to zoom),
// swipes, drag to pan, two-finger pinch and Ctrl + wheel. Pinches come from touch events, which
// keep arriving whatever the browser does with one-finger scrolling; the rest from pointer events.
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { type Side, swipeSide, tapZone } from "./comic-layout.ts";
import { distance, pinchZoom, wheelZoom } from "./zoom.ts";

export interface Point {
  x: number;
  y: number;
}

export interface GestureHandlers {
  zoom: () => number;
  /** A new zoom level, around a point of the area (pointer or fingers); none: its centre. */
  onZoom: (zoom: number, point?: Point) => void;
  onTap: (zone: Side | "middle") => void;
  onDoubleTap: (point: Point) => void;
  /** Dragging with one finger or the mouse moved the content by this much. */
  onPan?: (dx: number, dy: number) => void;
  /** A quick sideways drag ended. */
  onSwipe?: (side: Side) => void;
  /** A plain wheel turn (no Ctrl). */
  onWheel?: (event: WheelEvent) => void;
}

const TAP_SLOP_PX = 10;
const TAP_MAX_MS = 500;
const DOUBLE_TAP_MS = 280;
const DOUBLE_TAP_SLOP_PX = 40;

/** Where an event happened, from the area's top left. */
function localPoint(element: HTMLElement, clientX: number, clientY: number): Point {
  const rect = element.getBoundingClientRect();
  return { x: clientX - rect.left, y: clientY - rect.top };
}

/** Controls inside the area (the end-of-episode panel's buttons) keep their own clicks. */
function isControl(target: EventTarget | null): boolean {
  return (
    target instanceof Element &&
    target.closest("button, a, input, [role='slider'], [data-reader-ui]") !== null
  );
}

export function useReaderGestures(ref: RefObject<HTMLElement | null>, handlers: GestureHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const [element, setElement] = useState<HTMLElement | null>(null);

  useEffect(() => {
    setElement(ref.current);
  }, [ref]);

  useEffect(() => {
    if (!element) return;
    const pointers = new Map<number, { start: Point; last: Point; at: number; moved: boolean }>();
    let wasMulti = false;
    let pending: { at: number; point: Point; timer: ReturnType<typeof setTimeout> | null } | null = null;
    let pinch: { distance: number; zoom: number } | null = null;
    let frame = 0;
    let queuedZoom: { zoom: number; point: Point } | null = null;

    const tap = (point: Point) => {
      const { zoom, onTap, onDoubleTap } = latest.current;
      const now = performance.now();
      if (
        pending &&
        now - pending.at < DOUBLE_TAP_MS &&
        distance(pending.point, point) < DOUBLE_TAP_SLOP_PX
      ) {
        if (pending.timer) clearTimeout(pending.timer);
        pending = null;
        onDoubleTap(point);
        return;
      }
      const zone = tapZone(point.x, element.clientWidth);
      // Side taps turn at once; a tap in the middle, or anywhere while zoomed in, waits a moment
      // in case a second tap makes it a double tap.
      if (zone === "middle" || zoom() > 1) {
        pending = {
          at: now,
          point,
          timer: setTimeout(() => {
            pending = null;
            latest.current.onTap(zone);
          }, DOUBLE_TAP_MS),
        };
      } else {
        pending = null;
        onTap(zone);
      }
    };

    const onPointerDown = (event: PointerEvent) => {
      if (event.button !== 0 || isControl(event.target)) return;
      const point = { x: event.clientX, y: event.clientY };
      pointers.set(event.pointerId, { start: point, last: point, at: performance.now(), moved: false });
      if (pointers.size > 1) wasMulti = true;
    };
    const onPointerMove = (event: PointerEvent) => {
      const pointer = pointers.get(event.pointerId);
      if (!pointer) return;
      const point = { x: event.clientX, y: event.clientY };
      if (distance(point, pointer.start) > TAP_SLOP_PX) pointer.moved = true;
      if (pointer.moved && !wasMulti && pointers.size === 1) {
        latest.current.onPan?.(pointer.last.x - point.x, pointer.last.y - point.y);
      }
      pointer.last = point;
    };
    const onPointerUp = (event: PointerEvent) => {
      const pointer = pointers.get(event.pointerId);
      pointers.delete(event.pointerId);
      if (!pointer) return;
      if (wasMulti) {
        if (pointers.size === 0) wasMulti = false;
        return;
      }
      const elapsed = performance.now() - pointer.at;
      if (!pointer.moved && elapsed < TAP_MAX_MS) {
        tap(localPoint(element, event.clientX, event.clientY));
        return;
      }
      const side = swipeSide(event.clientX - pointer.start.x, event.clientY - pointer.start.y);
      if (side && elapsed < 800) latest.current.onSwipe?.(side);
    };
    const onPointerCancel = (event: PointerEvent) => {
      pointers.delete(event.pointerId);
      if (pointers.size === 0) wasMulti = false;
    };

    const applyZoom = () => {
      frame = 0;
      if (queuedZoom) latest.current.onZoom(queuedZoom.zoom, queuedZoom.point);
      queuedZoom = null;
    };
    const queueZoom = (zoom: number, point: Point) => {
      queuedZoom = { zoom, point };
      if (!frame) frame = requestAnimationFrame(applyZoom);
    };

    const touchPoints = (event: TouchEvent): [Point, Point] | null => {
      const [a, b] = [event.touches[0], event.touches[1]];
      return a && b
        ? [
            { x: a.clientX, y: a.clientY },
            { x: b.clientX, y: b.clientY },
          ]
        : null;
    };
    const onTouchStart = (event: TouchEvent) => {
      const points = touchPoints(event);
      if (!points || event.touches.length !== 2) return;
      wasMulti = true;
      pinch = { distance: distance(points[0], points[1]), zoom: latest.current.zoom() };
    };
    const onTouchMove = (event: TouchEvent) => {
      const points = touchPoints(event);
      if (!pinch || !points) return;
      event.preventDefault();
      const centre = localPoint(element, (points[0].x + points[1].x) / 2, (points[0].y + points[1].y) / 2);
      queueZoom(pinchZoom(pinch.zoom, pinch.distance, distance(points[0], points[1])), centre);
    };
    const onTouchEnd = (event: TouchEvent) => {
      if (event.touches.length < 2) pinch = null;
    };

    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey) {
        event.preventDefault();
        const base = queuedZoom?.zoom ?? latest.current.zoom();
        queueZoom(wheelZoom(base, event.deltaY), localPoint(element, event.clientX, event.clientY));
        return;
      }
      latest.current.onWheel?.(event);
    };

    element.addEventListener("pointerdown", onPointerDown);
    element.addEventListener("pointermove", onPointerMove);
    element.addEventListener("pointerup", onPointerUp);
    element.addEventListener("pointercancel", onPointerCancel);
    element.addEventListener("touchstart", onTouchStart, { passive: true });
    element.addEventListener("touchmove", onTouchMove, { passive: false });
    element.addEventListener("touchend", onTouchEnd);
    element.addEventListener("touchcancel", onTouchEnd);
    element.addEventListener("wheel", onWheel, { passive: false });
    return () => {
      if (pending?.timer) clearTimeout(pending.timer);
      if (frame) cancelAnimationFrame(frame);
      element.removeEventListener("pointerdown", onPointerDown);
      element.removeEventListener("pointermove", onPointerMove);
      element.removeEventListener("pointerup", onPointerUp);
      element.removeEventListener("pointercancel", onPointerCancel);
      element.removeEventListener("touchstart", onTouchStart);
      element.removeEventListener("touchmove", onTouchMove);
      element.removeEventListener("touchend", onTouchEnd);
      element.removeEventListener("touchcancel", onTouchEnd);
      element.removeEventListener("wheel", onWheel);
    };
  }, [element]);
}

/** The element's inner size, kept current. */
export function useElementSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  // Measured before the first paint, so that nothing is first drawn at no size.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth;
      const height = element.clientHeight;
      setSize((current) =>
        current.width === width && current.height === height ? current : { width, height },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}
