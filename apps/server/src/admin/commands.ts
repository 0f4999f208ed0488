// The admin commands, shared by the command line (working on the database directly) and the local
// admin endpoint of a running server (so that changes reach its live subscribers at once).
// Each command loads what it runs when it runs: help and refused input answer at once, without
// loading the server.
import { randomUUID } from "node:crypto";
import path from "node:path";
import { type ParseArgsConfig, parseArgs } from "node:util";
import { USER_ROLES } from "@litverse/shared/constants";
import { CONTENT_TYPES } from "@litverse/shared/content";
import { updateComingSoonSettingsInput } from "@litverse/shared/system-settings-inputs";
import { z } from "zod";
import type { AuditedChange } from "../core/audit.ts";
import { AppError } from "../core/errors.ts";
import type { CommandContext } from "./command-context.ts";

export class CommandError extends Error {}

type OptionValues = Record<string, string | boolean | undefined>;

interface AdminCommand {
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  /** How many positional arguments the command takes; "some" for one or more. */
  positionals?: number | "some";
  /** The positional arguments are files, given relative to where the command line runs. */
  positionalsArePaths?: boolean;
  run(context: CommandContext, values: OptionValues, positionals: string[]): Promise<string>;
  /** Whether a run with these options changes data, and so goes into the audit trail (default yes). */
  changesData?: (values: OptionValues) => boolean;
}

export const adminCommands: Record<string, AdminCommand> = {
  "seed:demo": {
    summary: "Add the demo accounts (password demo-password) and demo content where they are missing.",
    usage: "seed:demo",
    options: {},
    async run({ platform }) {
      if (platform.config.isProduction) {
        throw new CommandError(
          "A production server never gets the demo accounts: their password is published. Run it without NODE_ENV=production.",
        );
      }
      const { seedDemo } = await import("../seed/demo.ts");
      const added = await seedDemo(platform.deps);
      if (added.accounts + added.titles + added.lists + added.activity === 0) {
        return "The demo data is already there.";
      }
      return (
        `Added ${added.accounts} demo account(s), ${added.titles} title(s), ${added.lists} list(s) ` +
        `and ${added.activity} message(s), notification(s), coin grant(s) and ticket(s).`
      );
    },
  },
  "content:import": {
    summary:
      "Import files as a new title (EPUB, CBZ/ZIP of images, M4B/M4A/MP3 or a ZIP of them, MP4/MOV/WebM with VTT/SRT), or as episodes of an existing one.",
    usage: "content:import <file…> [--type book|audiobook|comic|drama] [--to <contentId>] [--draft]",
    options: { type: { type: "string" }, to: { type: "string" }, draft: { type: "boolean" } },
    positionals: "some",
    positionalsArePaths: true,
    async run(context, values, files) {
      const parsed = z
        .object({
          type: z.enum(CONTENT_TYPES).optional(),
          to: z.uuid("--to takes a title's id").optional(),
        })
        .safeParse({ type: values.type, to: values.to });
      if (!parsed.success)
        throw new CommandError(parsed.error.issues.map((issue) => issue.message).join("; "));
      try {
        const { importFiles } = await import("./import-files.ts");
        const result = await importFiles(context, files, {
          type: parsed.data.type ?? null,
          contentId: parsed.data.to ?? null,
          publish: !values.draft,
        });
        const warnings = result.warnings.map((warning) => `\n  note: ${warning}`).join("");
        return `Imported "${result.title}": ${result.episodeCount} episode(s), title id ${result.contentId}.${warnings}`;
      } catch (error) {
        if (error instanceof AppError) throw new CommandError(`Import failed: ${error.message}`);
        throw error;
      }
    },
  },
  "users:set-role": {
    summary: "Give the user with this email the role user, admin or superadmin.",
    usage: "users:set-role <email> <role>",
    options: {},
    positionals: 2,
    async run({ platform }, _values, [email = "", role = ""]) {
      const parsed = z
        .object({ email: z.email("Not an email address"), role: z.enum(USER_ROLES) })
        .safeParse({
          email: email.trim().toLowerCase(),
          role,
        });
      if (!parsed.success) {
        throw new CommandError(
          parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; "),
        );
      }
      const { findUserByEmail, setUserRole } = await import("../modules/users/users.service.ts");
      const matches = await findUserByEmail(platform.deps.db, parsed.data.email);
      if (matches.length === 0) {
        throw new CommandError(
          `No user with the email ${parsed.data.email}. They appear after their first sign-in.`,
        );
      }
      for (const user of matches) await setUserRole(platform.deps, null, user.id, parsed.data.role);
      return `${parsed.data.email} is now ${parsed.data.role}.`;
    },
  },
  "auth:rotate-keys": {
    summary: "Make a new signing key for the embedded sign-in provider; the one before stays published.",
    usage: "auth:rotate-keys",
    options: {},
    async run({ platform }) {
      const { rotateSigningKey } = await import("../auth/provider/keys.ts");
      const rotation = await rotateSigningKey(platform.deps.db);
      const retired = rotation.retired.length > 0 ? ` Retired: ${rotation.retired.join(", ")}.` : "";
      return (
        `New signing key ${rotation.kid}; published: ${rotation.published.join(", ")}.${retired}` +
        " Servers sign with it after their next restart; tokens signed before stay valid until they expire."
      );
    },
  },
  "coins:grant": {
    summary: "Put coins in the wallet of the user with this email (purchased, or bonus coins that expire).",
    usage: "coins:grant <email> <coins> [--bonus] [--memo TEXT]",
    options: { bonus: { type: "boolean" }, memo: { type: "string" } },
    positionals: 2,
    async run({ platform }, values, [email = "", coins = ""]) {
      const parsed = z
        .object({
          email: z.email("Not an email address"),
          coins: z.coerce
            .number()
            .int("Whole coins only")
            .min(1, "At least 1 coin")
            .max(1_000_000, "At most 1,000,000 coins"),
          memo: z.string().trim().min(1).max(200).optional(),
        })
        .safeParse({ email: email.trim().toLowerCase(), coins, memo: values.memo });
      if (!parsed.success) {
        throw new CommandError(parsed.error.issues.map((issue) => issue.message).join("; "));
      }
      const { findUserByEmail } = await import("../modules/users/users.service.ts");
      const { creditCoins } = await import("../modules/coins/ledger.ts");
      const [user, ...others] = await findUserByEmail(platform.deps.db, parsed.data.email);
      if (!user) {
        throw new CommandError(
          `No user with the email ${parsed.data.email}. They appear after their first sign-in.`,
        );
      }
      if (others.length > 0) throw new CommandError(`More than one user has the email ${parsed.data.email}.`);
      const amount = parsed.data.coins;
      const kind = values.bonus ? "bonus" : "purchased";
      await platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
        creditCoins(platform.deps, tx, user.id, {
          kind: "grant",
          [kind]: amount,
          memo: parsed.data.memo ?? `${amount} ${values.bonus ? "bonus " : ""}coins from the Litverse team`,
          // Each run is a grant of its own.
          idempotencyKey: `cli-grant:${randomUUID()}`,
        }),
      );
      return `Granted ${amount} ${kind} coins to ${parsed.data.email}.`;
    },
  },
  "ledger:check": {
    summary: "Check the coin ledger's invariants; exits non-zero and lists what is wrong on any violation.",
    usage: "ledger:check",
    options: {},
    changesData: () => false,
    async run({ platform }) {
      const { checkLedger } = await import("../modules/coins/ledger-check.ts");
      const result = await checkLedger(platform.deps.db);
      const counted = `${result.entries} entries, ${result.postings} postings, ${result.wallets} wallets`;
      if (result.violations.length === 0) return `The ledger is consistent: ${counted}.`;
      const lines = result.violations.map((violation) => `  ${violation.rule}: ${violation.detail}`);
      throw new CommandError(
        `The ledger has ${result.violations.length} violation(s) (${counted}):\n${lines.join("\n")}`,
      );
    },
  },
  "db:migrate": {
    summary: "Apply pending database migrations.",
    usage: "db:migrate",
    options: {},
    async run({ platform }) {
      const { runMigrations } = await import("../core/db/migrate.ts");
      await runMigrations(platform.database);
      return "Migrations are up to date.";
    },
  },
  "media:migrate": {
    summary:
      "Copy every media file from MEDIA_DIR to the bucket named by S3_* (--to bucket), or back (--to disk); run it again to resume, files already copied are skipped.",
    usage: "media:migrate --to bucket|disk",
    options: { to: { type: "string" } },
    changesData: () => false,
    async run({ platform, report }, values) {
      if (values.to !== "bucket" && values.to !== "disk")
        throw new CommandError("Give --to bucket or --to disk.");
      const { config } = platform;
      if (!config.bucket)
        throw new CommandError("Name the bucket first: S3_BUCKET and the other S3_* settings.");
      const { migrateMediaBetween } = await import("../media/media-migration.ts");
      const result = await migrateMediaBetween(
        config,
        values.to === "bucket" ? "to-bucket" : "to-disk",
        report,
      );
      const summary = `${result.copied} file(s) copied (${result.bytesCopied} bytes), ${result.skipped} already there`;
      if (result.failed.length === 0) return `${summary}.`;
      throw new CommandError(
        `${summary}; ${result.failed.length} did not match their source after copying (run the command again):\n  ${result.failed.join("\n  ")}`,
      );
    },
  },
  "settings:coming-soon": {
    summary: "Switch coming-soon mode on or off and edit its texts.",
    usage: "settings:coming-soon --on|--off [--title T] [--description D] [--launch TEXT]",
    options: {
      on: { type: "boolean" },
      off: { type: "boolean" },
      title: { type: "string" },
      description: { type: "string" },
      launch: { type: "string" },
    },
    async run({ platform }, values) {
      if (values.on && values.off) throw new CommandError("Give either --on or --off, not both.");
      const parsed = updateComingSoonSettingsInput.safeParse({
        ...(values.on ? { isComingSoonMode: true } : {}),
        ...(values.off ? { isComingSoonMode: false } : {}),
        ...(values.title !== undefined ? { comingSoonTitle: values.title } : {}),
        ...(values.description !== undefined ? { comingSoonDescription: values.description } : {}),
        ...(values.launch !== undefined ? { expectedLaunchDate: values.launch } : {}),
      });
      if (!parsed.success) {
        throw new CommandError(parsed.error.issues.map((issue) => issue.message).join("; "));
      }
      const { updateComingSoonSettings } = await import(
        "../modules/system-settings/system-settings.service.ts"
      );
      const settings = await updateComingSoonSettings(platform.deps, parsed.data);
      const launch = settings.expectedLaunchDate ? `, launch "${settings.expectedLaunchDate}"` : "";
      return `Coming-soon mode is ${settings.isComingSoonMode ? "on" : "off"}: "${settings.comingSoonTitle}"${launch}.`;
    },
  },
};

/** Parses `argv` (command name first) into a runnable command, or throws a CommandError. */
export function parseCommand(
  argv: string[],
  /** Where relative file arguments start from. */
  cwd = process.cwd(),
): {
  name: string;
  argv: string[];
  run: (context: CommandContext) => Promise<string>;
} {
  const [name, ...rest] = argv;
  const command = name ? adminCommands[name] : undefined;
  if (!name || !command) {
    throw new CommandError(`Unknown command "${name ?? ""}". Run with --help for the list.`);
  }
  const usage = `Usage: npm run cli -- ${command.usage}`;
  const expected = command.positionals ?? 0;
  let parsed: { values: OptionValues; positionals: string[] };
  try {
    parsed = parseArgs({
      args: rest,
      options: command.options,
      strict: true,
      allowPositionals: expected !== 0,
    }) as typeof parsed;
  } catch (error) {
    throw new CommandError(`${(error as Error).message}\n${usage}`);
  }
  const count = parsed.positionals.length;
  if (expected === "some" ? count === 0 : count !== expected) {
    throw new CommandError(`Wrong number of arguments.\n${usage}`);
  }
  const positionals = command.positionalsArePaths
    ? parsed.positionals.map((file) => path.resolve(cwd, file))
    : parsed.positionals;
  return {
    name,
    // The same command with its files as absolute paths, for a server running elsewhere.
    argv: [
      name,
      ...Object.entries(parsed.values).flatMap(([option, value]) =>
        value === true ? [`--${option}`] : typeof value === "string" ? [`--${option}`, value] : [],
      ),
      ...positionals,
    ],
    run: async (context) => {
      if (command.changesData?.(parsed.values) === false)
        return command.run(context, parsed.values, positionals);
      const { collectChanges } = await import("../core/audit.ts");
      const { result, changes } = await collectChanges(() =>
        command.run(context, parsed.values, positionals),
      );
      await recordCommand(context, name, rest, changes);
      return result;
    },
  };
}

/**
 * A command that changed data, in the audit trail: run by whoever is signed in to this machine's
 * account, from the command line (directly, or through the running server it asked).
 */
async function recordCommand(
  context: CommandContext,
  name: string,
  args: string[],
  changes: AuditedChange[],
): Promise<void> {
  const { recordAuditEvent } = await import("../modules/audit/index.ts");
  const os = await import("node:os");
  await recordAuditEvent(context.platform.deps, {
    source: "cli",
    actorId: null,
    actorLabel: `${os.userInfo().username}@${os.hostname()} (command line)`,
    action: `cli ${name}`,
    section: null,
    input: { args },
    changes,
    address: "this machine",
    device: context.isServer ? "command line, through the running server" : "command line",
  });
}

export function helpText(): string {
  const lines = Object.values(adminCommands).map((command) => `  ${command.usage}\n      ${command.summary}`);
  return [
    "Litverse admin command line",
    "",
    "Usage: npm run cli -- <command> [options]",
    "",
    "Commands:",
    ...lines,
    "",
    "When a server is running on the same data, commands go through it, so open pages update at once.",
  ].join("\n");
}
