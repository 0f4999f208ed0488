import { EventEmitter } from "node:events";
import type { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { coalesceReplies } from "./coalesced-replies.ts";

function fakeConnection() {
  const calls: string[] = [];
  const connection = {
    destroyed: false,
    cork: () => calls.push("cork"),
    uncork: () => calls.push("uncork"),
  };
  return { calls, connection: connection as unknown as Socket & { destroyed: boolean } };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("coalesceReplies", () => {
  it("holds the connection from a message to the end of the turn, once however many arrive", async () => {
    const socket = new EventEmitter();
    const { calls, connection } = fakeConnection();
    coalesceReplies(socket as unknown as WebSocket, connection);
    socket.emit("message", Buffer.from("[]"));
    socket.emit("message", Buffer.from("[]"));
    expect(calls).toEqual(["cork"]);
    await nextTurn();
    expect(calls).toEqual(["cork", "uncork"]);
    socket.emit("message", Buffer.from("[]"));
    await nextTurn();
    expect(calls).toEqual(["cork", "uncork", "cork", "uncork"]);
  });

  it("leaves a closed connection alone", async () => {
    const socket = new EventEmitter();
    const { calls, connection } = fakeConnection();
    coalesceReplies(socket as unknown as WebSocket, connection);
    socket.emit("message", Buffer.from("[]"));
    connection.destroyed = true;
    await nextTurn();
    socket.emit("message", Buffer.from("[]"));
    expect(calls).toEqual(["cork"]);
  });
});
