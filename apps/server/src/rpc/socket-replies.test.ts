import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { type DirectReply, directReplyFor, rememberIncomingMessages } from "./socket-replies.ts";

/** Just enough of a `ws` socket: listeners, an open state, and the messages sent. */
function fakeSocket() {
  const emitter = new EventEmitter();
  const sent: string[] = [];
  const socket = {
    readyState: 1,
    on: (event: string, listener: (...args: unknown[]) => void) => emitter.on(event, listener),
    send: (text: string) => sent.push(text),
  };
  rememberIncomingMessages(socket as unknown as WebSocket);
  return { socket, sent, receive: (text: string) => emitter.emit("message", Buffer.from(text), false) };
}

/** What `directReplyFor(path, batchIndex)` gives inside the handling of `text`. */
function replyWhileHandling(text: string, path: string, batchIndex: number) {
  const fake = fakeSocket();
  let reply: DirectReply | null = null;
  fake.socket.on("message", () => {
    reply = directReplyFor(path, batchIndex);
  });
  fake.receive(text);
  return { fake, reply: reply as DirectReply | null };
}

const subscription = (id: unknown, path = "live.watch", extra: object = {}) => ({
  id,
  method: "subscription",
  params: { path, input: { path: "x.y" } },
  ...extra,
});

describe("directReplyFor", () => {
  it("answers the subscription that asked, under its own id, in the function layer's format", () => {
    const batch = JSON.stringify([subscription(3), subscription("four", "live.watch", { jsonrpc: "2.0" })]);
    const first = replyWhileHandling(batch, "live.watch", 0);
    first.reply?.sendJson('{"a":1}');
    expect(first.fake.sent).toEqual([JSON.stringify({ id: 3, result: { type: "data", data: { a: 1 } } })]);

    const second = replyWhileHandling(batch, "live.watch", 1);
    second.reply?.sendJson(undefined);
    expect(second.fake.sent).toEqual([
      JSON.stringify({ id: "four", jsonrpc: "2.0", result: { type: "data" } }),
    ]);
  });

  it("gives nothing outside a socket message, or for a call that does not match", () => {
    expect(directReplyFor("live.watch", 0)).toBeNull();
    const single = JSON.stringify(subscription(1));
    expect(replyWhileHandling(single, "other.watch", 0).reply).toBeNull();
    expect(replyWhileHandling(single, "live.watch", 1).reply).toBeNull();
    const query = JSON.stringify({ id: 1, method: "query", params: { path: "live.watch" } });
    expect(replyWhileHandling(query, "live.watch", 0).reply).toBeNull();
    expect(replyWhileHandling(JSON.stringify(subscription(null)), "live.watch", 0).reply).toBeNull();
    expect(replyWhileHandling("{not json", "live.watch", 0).reply).toBeNull();
  });

  it("sends nothing once the socket is no longer open", () => {
    const { fake, reply } = replyWhileHandling(JSON.stringify(subscription(1)), "live.watch", 0);
    fake.socket.readyState = 3;
    reply?.sendJson("1");
    expect(fake.sent).toEqual([]);
  });
});
