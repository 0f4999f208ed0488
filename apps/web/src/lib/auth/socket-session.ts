// Which person the WebSocket speaks for. Switching person (sign-in, sign-out, another account)
// reconnects the socket, so every live query is set up again as the new person; a renewed token
// for the same person is handed over on the open connection, so nothing is interrupted.
import type { User } from "oidc-client-ts";
import { firstDataSubject } from "../first-data.ts";
import { queryClient } from "../query-client.ts";
import { trpcClient, wsClient } from "../trpc.ts";
import { requestImmediateReconnect, setSocketToken } from "./socket-token.ts";

/** Undefined until the first sign-in check of the page has ended. */
let currentSubject: string | null | undefined;
let currentToken: string | null = null;

export async function updateSocketSession(user: User | null | undefined): Promise<void> {
  const isSignedIn = Boolean(user && !user.expired && user.access_token);
  const subject = isSignedIn ? (user?.profile.sub ?? null) : null;
  const token = isSignedIn ? (user?.access_token ?? null) : null;
  const previousSubject = currentSubject;
  const previousToken = currentToken;
  currentSubject = subject;
  currentToken = token;
  setSocketToken(token ?? undefined);

  if (previousSubject === subject) {
    if (token && previousToken && token !== previousToken) {
      await trpcClient.session.updateAccessToken.mutate({ token }).catch(reconnect);
    }
    return;
  }
  reconnect();
  // Everything cached belonged to the previous person. At the page's first sign-in check there was
  // none: what may be cached then was asked for over this socket, so as this person, or is the
  // page's first data, kept if it was asked for as this same person.
  const isFirstCheck = previousSubject === undefined;
  const seeded = firstDataSubject();
  if (!isFirstCheck || subject === null || (seeded !== null && seeded !== subject)) {
    queryClient.removeQueries();
  }
}

function reconnect(): void {
  const connection = wsClient.connection;
  if (!connection || connection.state === "closed") return;
  requestImmediateReconnect();
  connection.ws.close();
}
