import { EventEmitter } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keepSocketAlive } from "./socket-keep-alive.ts";

/** A socket as the keep-alive sees it: pings counted, terminated or not. */
function fakeSocket() {
  const events = new EventEmitter();
  const socket = {
    readyState: 1 as 0 | 1 | 2 | 3,
    pings: 0,
    terminated: false,
    on: (event: string, listener: () => void) => events.on(event, listener),
    once: (event: string, listener: () => void) => events.once(event, listener),
    ping() {
      socket.pings++;
    },
    terminate() {
      socket.terminated = true;
    },
    emit: (event: string) => events.emit(event),
  };
  return socket;
}

const TIMING = { pingMs: 1_000, pongWaitMs: 200 };

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe("keepSocketAlive", () => {
  it("pings at its own point of the first interval, then every interval, while pongs come", () => {
    const socket = fakeSocket();
    keepSocketAlive(socket as never, TIMING, () => 0.25);
    vi.advanceTimersByTime(249);
    expect(socket.pings).toBe(0);
    vi.advanceTimersByTime(1);
    expect(socket.pings).toBe(1);
    for (let beat = 2; beat <= 4; beat++) {
      socket.emit("pong");
      vi.advanceTimersByTime(1_000);
      expect(socket.pings).toBe(beat);
    }
    expect(socket.terminated).toBe(false);
  });

  it("spreads sockets opened together over the interval", () => {
    const sockets = [0, 0.5, 0.99].map((point) => {
      const socket = fakeSocket();
      keepSocketAlive(socket as never, TIMING, () => point);
      return socket;
    });
    vi.advanceTimersByTime(1);
    expect(sockets.map((socket) => socket.pings)).toEqual([1, 0, 0]);
    vi.advanceTimersByTime(500);
    expect(sockets.map((socket) => socket.pings)).toEqual([1, 1, 0]);
    vi.advanceTimersByTime(490);
    expect(sockets.map((socket) => socket.pings)).toEqual([1, 1, 1]);
  });

  it("cuts off a socket whose pong does not come in time", () => {
    const socket = fakeSocket();
    keepSocketAlive(socket as never, TIMING, () => 0);
    vi.advanceTimersByTime(199);
    expect(socket.terminated).toBe(false);
    vi.advanceTimersByTime(1);
    expect(socket.terminated).toBe(true);
  });

  it("keeps the first deadline when a ping is still unanswered at the next", () => {
    const socket = fakeSocket();
    keepSocketAlive(socket as never, { pingMs: 100, pongWaitMs: 250 }, () => 0);
    vi.advanceTimersByTime(249);
    expect(socket.pings).toBe(3);
    expect(socket.terminated).toBe(false);
    vi.advanceTimersByTime(1);
    expect(socket.terminated).toBe(true);
  });

  it("stops with the socket, and never pings one that is not open", () => {
    const closing = fakeSocket();
    keepSocketAlive(closing as never, TIMING, () => 0.5);
    closing.readyState = 2;
    vi.advanceTimersByTime(5_000);
    expect(closing.pings).toBe(0);
    expect(closing.terminated).toBe(false);

    const closed = fakeSocket();
    keepSocketAlive(closed as never, TIMING, () => 0.5);
    closed.emit("close");
    vi.advanceTimersByTime(5_000);
    expect(closed.pings).toBe(0);
    closing.emit("close");
    expect(vi.getTimerCount()).toBe(0);
  });
});
