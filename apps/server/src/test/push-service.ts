// A push service on loopback, as a browser vendor runs one: it takes what the server posts to a
// subscription's endpoint, checks the VAPID authorization is there, and decrypts the message with
// the "browser's" own keys (RFC 8291), so that tests read exactly what a device would show.
import { createECDH, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";

const ece = createRequire(import.meta.url)("http_ece") as {
  decrypt(buffer: Buffer, params: { version: string; privateKey: unknown; authSecret: string }): Buffer;
};

export interface ReceivedPush {
  path: string;
  authorization: string | undefined;
  ttl: string | undefined;
  payload: unknown;
}

export interface FakePushService {
  origin: string;
  received: ReceivedPush[];
  /** A browser's subscription at this service; `gone` makes the service answer 410 for it. */
  subscription(gone?: boolean): { endpoint: string; keys: { p256dh: string; auth: string } };
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const received: ReceivedPush[] = [];
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer; gone: boolean }>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "";
      const browser = browsers.get(path);
      if (!browser) return response.writeHead(404).end();
      if (browser.gone) return response.writeHead(410).end();
      const body = Buffer.concat(chunks);
      const plain = ece.decrypt(body, {
        version: "aes128gcm",
        privateKey: browser.ecdh,
        authSecret: browser.auth.toString("base64url"),
      });
      received.push({
        path,
        authorization: request.headers.authorization,
        ttl: request.headers.ttl as string | undefined,
        payload: JSON.parse(plain.toString("utf8")),
      });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    subscription(gone = false) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(8).toString("hex")}`;
      browsers.set(path, { ecdh, auth, gone });
      return {
        endpoint: `${origin}${path}`,
        keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
