// The access token the WebSocket presents when it connects (see socket-session.ts).
let token: string | undefined;
let skipNextBackoff = false;

export function socketToken(): string | undefined {
  return token;
}

export function setSocketToken(value: string | undefined): void {
  token = value;
}

/** Asks the next reconnect to happen at once: it is a deliberate switch, not a failure. */
export function requestImmediateReconnect(): void {
  skipNextBackoff = true;
}

export function takeImmediateReconnect(): boolean {
  const value = skipNextBackoff;
  skipNextBackoff = false;
  return value;
}

let markReady: () => void = () => {};
/** Resolves once the signed-in user (if any) is known, so the first connection already carries it. */
export const socketReady = new Promise<void>((resolve) => {
  markReady = resolve;
});

export function markSocketReady(): void {
  markReady();
}
