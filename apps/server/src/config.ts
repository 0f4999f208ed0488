import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_SUPPORT_EMAIL } from "@litverse/shared/constants";
import { z } from "zod";

/** Repository root, so that paths work whichever folder a script starts in. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

const booleanFlag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .transform((value) => value === "1" || value === "true" || value === "yes");

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PGlite data (unless DATABASE_URL points at PostgreSQL) and, by default, media live here. */
  DATA_DIR: z.string().default("./data"),
  /** Covers and episode files; `<DATA_DIR>/media` unless set (another disk, a mounted volume). */
  MEDIA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional(),
  /** Origins allowed to open the WebSocket; the server's own origin is always allowed. */
  ALLOWED_ORIGINS: z.string().default(""),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: booleanFlag.optional(),
  /** With demo data, the demo catalogue too (off for servers that only need the demo accounts). */
  SEED_DEMO_CATALOGUE: booleanFlag.default(true),
  WEB_DIST_DIR: z.string().default(path.join(REPO_ROOT, "apps/web/dist")),
  /** The address people use to reach the platform; the embedded sign-in issuer lives under it. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** An external OpenID provider's issuer; without it the embedded provider at /oidc serves. */
  OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).default("litverse-web"),
  /** The `aud` that access tokens for our functions carry. */
  OIDC_AUDIENCE: z.string().min(1).default("urn:litverse:api"),
  /** Which claims hold the profile, for providers that name them differently. */
  OIDC_CLAIM_EMAIL: z.string().min(1).default("email"),
  OIDC_CLAIM_NAME: z.string().min(1).default("name"),
  OIDC_CLAIM_PICTURE: z.string().min(1).default("picture"),
  /** Comma-separated emails made superadmin when they sign in. */
  SUPERADMIN_EMAILS: z.string().default(""),
  /** Where visitors write to, shown on the coming-soon page. */
  SUPPORT_EMAIL: z.email().default(DEFAULT_SUPPORT_EMAIL),
  /**
   * What signed-out visitors see while coming-soon mode is off: the landing page (default), or
   * the coming-soon page at all times.
   */
  SIGNED_OUT_VIEW: z.enum(["landing", "coming-soon"]).default("landing"),
  /** Set to false to keep the server from writing its local admin endpoint file (tests). */
  LOCAL_ADMIN_ENDPOINT: booleanFlag.default(true),
});

export interface AuthConfig {
  /** "embedded": our own provider at {publicUrl}/oidc; "external": OIDC_ISSUER. */
  mode: "embedded" | "external";
  issuer: string;
  clientId: string;
  audience: string;
  claims: { email: string; name: string; picture: string };
}

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  /** MEDIA_DIR, absolute. */
  mediaDir: string;
  isProduction: boolean;
  seedDemo: boolean;
  allowedOrigins: string[];
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  auth: AuthConfig;
  superadminEmails: string[];
};

const csv = (value: string) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const values = parsed.data;
  const isProduction = values.NODE_ENV === "production";
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, "");
  return {
    ...values,
    dataDir: path.resolve(values.DATA_DIR),
    mediaDir: path.resolve(values.MEDIA_DIR ?? path.join(values.DATA_DIR, "media")),
    isProduction,
    seedDemo: values.SEED_DEMO ?? !isProduction,
    allowedOrigins: csv(values.ALLOWED_ORIGINS).map((origin) => new URL(origin).origin),
    publicUrl,
    auth: {
      mode: values.OIDC_ISSUER ? "external" : "embedded",
      issuer: (values.OIDC_ISSUER ?? `${publicUrl}/oidc`).replace(/\/+$/, ""),
      clientId: values.OIDC_CLIENT_ID,
      audience: values.OIDC_AUDIENCE,
      claims: {
        email: values.OIDC_CLAIM_EMAIL,
        name: values.OIDC_CLAIM_NAME,
        picture: values.OIDC_CLAIM_PICTURE,
      },
    },
    superadminEmails: csv(values.SUPERADMIN_EMAILS).map((email) => email.toLowerCase()),
  };
}
