// The admin commands, shared by the command line (working on the database directly) and the local
// admin endpoint of a running server (so that changes reach its live subscribers at once).
import { type ParseArgsConfig, parseArgs } from "node:util";
import { USER_ROLES } from "@litverse/shared/constants";
import { updateComingSoonSettingsInput } from "@litverse/shared/system-settings";
import { z } from "zod";
import { rotateSigningKey } from "../auth/provider/keys.ts";
import { runMigrations } from "../db/migrate.ts";
import { seedDemoAccounts } from "../db/seed/demo.ts";
import { updateComingSoonSettings } from "../modules/system-settings/system-settings.service.ts";
import { findUserByEmail, setUserRole } from "../modules/users/users.service.ts";
import type { Platform } from "../platform.ts";

export class CommandError extends Error {}

type OptionValues = Record<string, string | boolean | undefined>;

interface AdminCommand {
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  /** How many positional arguments the command takes. */
  positionals?: number;
  run(platform: Platform, values: OptionValues, positionals: string[]): Promise<string>;
}

export const adminCommands: Record<string, AdminCommand> = {
  "seed:demo": {
    summary: "Add the demo accounts (password demo-password) where they are missing.",
    usage: "seed:demo",
    options: {},
    async run(platform) {
      const added = await seedDemoAccounts(platform.deps);
      return added > 0 ? `Added ${added} demo account(s).` : "The demo accounts are already there.";
    },
  },
  "users:set-role": {
    summary: "Give the user with this email the role user, admin or superadmin.",
    usage: "users:set-role <email> <role>",
    options: {},
    positionals: 2,
    async run(platform, _values, [email = "", role = ""]) {
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
    async run(platform) {
      const rotation = await rotateSigningKey(platform.deps.db);
      const retired = rotation.retired.length > 0 ? ` Retired: ${rotation.retired.join(", ")}.` : "";
      return (
        `New signing key ${rotation.kid}; published: ${rotation.published.join(", ")}.${retired}` +
        " Servers sign with it after their next restart; tokens signed before stay valid until they expire."
      );
    },
  },
  "db:migrate": {
    summary: "Apply pending database migrations.",
    usage: "db:migrate",
    options: {},
    async run(platform) {
      await runMigrations(platform.database);
      return "Migrations are up to date.";
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
    async run(platform, values) {
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
      const settings = await updateComingSoonSettings(platform.deps, parsed.data);
      const launch = settings.expectedLaunchDate ? `, launch "${settings.expectedLaunchDate}"` : "";
      return `Coming-soon mode is ${settings.isComingSoonMode ? "on" : "off"}: "${settings.comingSoonTitle}"${launch}.`;
    },
  },
};

/** Parses `argv` (command name first) into a runnable command, or throws a CommandError. */
export function parseCommand(argv: string[]): { name: string; run: (platform: Platform) => Promise<string> } {
  const [name, ...rest] = argv;
  const command = name ? adminCommands[name] : undefined;
  if (!name || !command) {
    throw new CommandError(`Unknown command "${name ?? ""}". Run with --help for the list.`);
  }
  const usage = `Usage: npm run cli -- ${command.usage}`;
  let parsed: { values: OptionValues; positionals: string[] };
  try {
    parsed = parseArgs({
      args: rest,
      options: command.options,
      strict: true,
      allowPositionals: (command.positionals ?? 0) > 0,
    }) as typeof parsed;
  } catch (error) {
    throw new CommandError(`${(error as Error).message}\n${usage}`);
  }
  if (parsed.positionals.length !== (command.positionals ?? 0)) {
    throw new CommandError(`Wrong number of arguments.\n${usage}`);
  }
  return { name, run: (platform) => command.run(platform, parsed.values, parsed.positionals) };
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
