// A stand-in for a payment provider's HTTP API: `fetch` is replaced, for one test at a time, by a
// function that records what the provider would have been sent and answers as `answer` says. The
// providers reach their APIs only through the global fetch, so nothing here leaves the process.
import { vi } from "vitest";

export interface SentRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** A JSON answer, a body that is not JSON (`text`), or no answer at all (the network failed). */
export type Answer = { status?: number; json?: unknown; text?: string } | "unreachable";

export function fakeProviderApi(base: string, answer: (request: SentRequest) => Answer) {
  const requests: SentRequest[] = [];
  const fakeFetch = async (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    const url = String(input);
    if (!url.startsWith(base)) throw new TypeError(`fetch failed: ${url} is not the provider's API`);
    const request: SentRequest = {
      method: init.method ?? "GET",
      path: url.slice(base.length),
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === "string" ? init.body : undefined,
    };
    requests.push(request);
    const reply = answer(request);
    if (reply === "unreachable") throw new TypeError("fetch failed");
    return new Response(reply.text ?? JSON.stringify(reply.json ?? {}), {
      status: reply.status ?? 200,
      headers: { "content-type": reply.text === undefined ? "application/json" : "text/html" },
    });
  };
  vi.stubGlobal("fetch", fakeFetch);
  return { requests };
}
