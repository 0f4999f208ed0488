// Request and answer between a bench and a process of its clients (the bare broadcast's, the
// fan-out's): the parent sends one message at a time and waits for the child's one answer, or for a
// `failed` one, or for the child to stop. Clients get a process of their own so that a process
// holding thousands of sockets does nothing else: no measuring, no other side's clients.
import { type ChildProcess, fork } from "node:child_process";
import { SERVER_NODE_FLAGS } from "../apps/server/src/node-flags.ts";
import { signal, withTimeout } from "./harness.ts";

/** What a child answers when a request went wrong. */
export interface FailedAnswer {
  type: "failed";
  message: string;
}

export interface ChildChannel<Request, Answer> {
  /** The next message from the child (its first: that it is ready). */
  next(what: string, timeoutMs: number): Promise<Answer>;
  /** Sends `request` and waits for the answer of type `expected`; a `failed` answer throws. */
  ask<Type extends string>(
    request: Request,
    expected: Type,
    what: string,
    timeoutMs: number,
  ): Promise<Extract<Answer, { type: Type }>>;
  /** Sends `{ type: "stop" }` and waits for the child to exit (killed after 30 s). */
  stop(): Promise<void>;
}

/**
 * Forks `script` with `args`; its standard output and error are this process's. It runs with the
 * servers' Node flags too: without them V8's memory reducer, 8 s after the full collections that
 * settle every process before the measured changes, paused a process of 10,000 clients for 93 ms
 * in the middle of a change (decision 0057).
 */
export function forkChannel<Request, Answer extends { type: string }>(
  script: URL,
  args: readonly string[],
  name: string,
): ChildChannel<Request, Answer> {
  const child: ChildProcess = fork(script, [...args], {
    execArgv: [...process.execArgv, ...SERVER_NODE_FLAGS],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let waiting: { resolve: (message: Answer) => void; reject: (error: Error) => void } | null = null;
  const exited = signal();
  child.on("message", (message: Answer) => waiting?.resolve(message));
  child.on("exit", (code) => {
    exited.resolve();
    waiting?.reject(new Error(`${name} stopped (exit ${code})`));
  });
  const next = (what: string, timeoutMs: number) =>
    withTimeout(
      what,
      new Promise<Answer>((resolve, reject) => {
        if (child.exitCode !== null) reject(new Error(`${name} stopped (exit ${child.exitCode})`));
        else waiting = { resolve, reject };
      }).finally(() => {
        waiting = null;
      }),
      timeoutMs,
    );
  return {
    next,
    async ask(request, expected, what, timeoutMs) {
      child.send(request as object);
      const answer = await next(what, timeoutMs);
      if (answer.type === expected) return answer as Extract<Answer, { type: typeof expected }>;
      throw new Error(
        answer.type === "failed"
          ? `${what}: ${(answer as unknown as FailedAnswer).message}`
          : `${what}: ${name} answered ${answer.type}`,
      );
    },
    async stop() {
      if (child.exitCode === null && child.connected) child.send({ type: "stop" });
      await withTimeout(`${name} to stop`, exited.promise, 30_000).catch(() => child.kill());
    },
  };
}

/**
 * The child's side: answers each request from the parent with `answer`'s result, or a `failed`
 * message if it throws; a `stop` request, or the parent going away, calls `stop`, which exits.
 */
export function answerParent<Request extends { type: string }, Answer>(
  answer: (request: Request) => Promise<Answer>,
  stop: () => Promise<void>,
): void {
  const tell = (message: Answer | FailedAnswer) => process.send?.(message);
  process.on("message", (request: Request) => {
    if (request.type === "stop") return void stop();
    answer(request).then(tell, (error: unknown) =>
      tell({ type: "failed", message: error instanceof Error ? error.message : String(error) }),
    );
  });
  process.on("disconnect", () => void stop());
}
