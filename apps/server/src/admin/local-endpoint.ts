// Lets the command line reach a running server. PGlite allows one process per data directory, so
// while the server runs, the CLI cannot open the database itself; instead the server writes its
// port and a random token to DATA_DIR/server.json (readable by its owner only) and accepts admin
// commands from loopback callers that present that token.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { isAlive } from "../core/db/data-dir-lock.ts";
import type { Platform } from "../platform.ts";
import { CommandError, parseCommand } from "./commands.ts";

export const LOCAL_ADMIN_PATH = "/api/admin/command";
const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

const endpointFileSchema = z.object({
  pid: z.number().int(),
  port: z.number().int(),
  token: z.string().min(32),
});
export type EndpointFile = z.infer<typeof endpointFileSchema>;

const requestSchema = z.object({ argv: z.array(z.string().max(10_000)).min(1).max(1_000) });

/** One line of the endpoint's answer. */
export type CommandLine = { progress: string } | { ok: true; message: string } | { ok: false; error: string };

export function endpointFilePath(dataDir: string): string {
  return path.join(dataDir, "server.json");
}

export async function registerLocalAdminEndpoint(app: FastifyInstance, platform: Platform): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  const file = endpointFilePath(platform.config.dataDir);

  app.post(LOCAL_ADMIN_PATH, async (request, reply) => {
    const given = Buffer.from(String(request.headers.authorization ?? "").replace(/^Bearer /, ""));
    const expected = Buffer.from(token);
    const isTokenValid = given.length === expected.length && timingSafeEqual(given, expected);
    if (!LOOPBACK.has(request.socket.remoteAddress ?? "") || !isTokenValid) {
      return reply.code(403).send({ ok: false, error: "Forbidden" });
    }
    const body = requestSchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ ok: false, error: "Expected { argv: string[] }" });
    let command: ReturnType<typeof parseCommand>;
    try {
      command = parseCommand(body.data.argv);
    } catch (error) {
      if (error instanceof CommandError) return reply.code(400).send({ ok: false, error: error.message });
      throw error;
    }
    // The answer is a stream of JSON lines: progress as the command goes, then its outcome. It
    // must reach the command line as written, not gathered up for compression.
    request.headers["x-no-compression"] = "1";
    const lines = new PassThrough();
    const send = (line: CommandLine) => lines.write(`${JSON.stringify(line)}\n`);
    void command
      .run({ platform, isServer: true, report: (progress) => send({ progress }) })
      .then(
        (message) => {
          request.log.info({ command: command.name }, "admin command run");
          send({ ok: true, message });
        },
        (error: unknown) => {
          if (!(error instanceof CommandError)) request.log.error({ err: error }, "admin command failed");
          const message =
            error instanceof CommandError
              ? error.message
              : "The command failed; the server log has the details.";
          send({ ok: false, error: message });
        },
      )
      .finally(() => lines.end());
    return reply.type("application/x-ndjson").send(lines);
  });

  app.addHook("onListen", async () => {
    const { port } = app.server.address() as AddressInfo;
    await mkdir(platform.config.dataDir, { recursive: true });
    const contents: EndpointFile = { pid: process.pid, port, token };
    await writeFile(file, JSON.stringify(contents), { mode: 0o600 });
  });
  app.addHook("onClose", async () => {
    const current = await readEndpointFile(platform.config.dataDir);
    if (current?.token === token) await rm(file, { force: true });
  });
}

/** The running server's endpoint for this data directory, if one is running. */
export async function readEndpointFile(dataDir: string): Promise<EndpointFile | null> {
  try {
    const parsed = endpointFileSchema.safeParse(
      JSON.parse(await readFile(endpointFilePath(dataDir), "utf8")),
    );
    if (!parsed.success || !isAlive(parsed.data.pid)) return null;
    return parsed.data;
  } catch {
    return null;
  }
}
