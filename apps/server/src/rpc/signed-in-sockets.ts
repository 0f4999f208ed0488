// The open WebSockets of each signed-in person in this process, so that when an administrator
// ends a person's sessions (sign out everywhere, a suspension, a ban, a deletion) their sockets
// close at once, in every process: the ending is announced as a change, which every process hears.
import type { ChangeNotifier } from "../core/live/changes.ts";
import { sessionsEndedTopic } from "../modules/users/account-standing.ts";

interface ClosableSocket {
  close(code?: number, reason?: string): void;
  once(event: "close", listener: () => void): unknown;
}

/** The close code the web app reads as "signed out by the server": it does not reconnect signed in. */
export const SESSIONS_ENDED_CLOSE_CODE = 4001;

export class SignedInSockets {
  private readonly byTopic = new Map<string, Set<ClosableSocket>>();

  /** Starts closing sockets when their person's sessions end; returns the function that stops it. */
  listen(changes: ChangeNotifier): () => void {
    return changes.subscribe((topics) => {
      for (const topic of topics) {
        const sockets = this.byTopic.get(topic);
        if (!sockets) continue;
        this.byTopic.delete(topic);
        for (const socket of sockets) socket.close(SESSIONS_ENDED_CLOSE_CODE, "Signed out");
      }
    });
  }

  /** Remembers `socket` as signed in as this person until it closes. */
  add(socket: ClosableSocket, identity: { issuerKey: string; subject: string }): void {
    const topic = sessionsEndedTopic(identity.issuerKey, identity.subject);
    let sockets = this.byTopic.get(topic);
    if (!sockets) {
      sockets = new Set();
      this.byTopic.set(topic, sockets);
    }
    sockets.add(socket);
    socket.once("close", () => {
      const current = this.byTopic.get(topic);
      current?.delete(socket);
      if (current?.size === 0) this.byTopic.delete(topic);
    });
  }
}
