import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_SUPPORT_EMAIL } from "@litverse/shared/constants";
import { z } from "zod";

/** Repository root, so that paths work whichever folder a script starts in. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");

const booleanFlag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .transform((value) => value === "1" || value === "true" || value === "yes");

const configSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** All interfaces in production; elsewhere loopback only, since demo accounts have a published password. */
  HOST: z.string().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** PGlite data (unless DATABASE_URL points at PostgreSQL) and, by default, media live here. */
  DATA_DIR: z.string().default("./data"),
  /** Covers and episode files; `<DATA_DIR>/media` unless set (another disk, a mounted volume). */
  MEDIA_DIR: z.string().min(1).optional(),
  /** Where media files live: this machine's disk (MEDIA_DIR), or an S3-compatible bucket (S3_*). */
  MEDIA_STORAGE: z.enum(["local", "s3"]).default("local"),
  /**
   * How readers get media kept in a bucket: redirected to a short-lived signed URL of the bucket
   * (`signed-url`), or through this server with range requests (`server`).
   */
  MEDIA_DELIVERY: z.enum(["signed-url", "server"]).default("signed-url"),
  /** The S3 API's address; unset for AWS itself. MinIO, Ceph, R2 and the like need it. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z.string().trim().min(3).max(63).optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  /** Unset: the AWS SDK's own chain (environment, instance or task role). */
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  /** Buckets addressed as `<endpoint>/<bucket>` rather than `<bucket>.<endpoint>` (most self-hosted servers). */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional(),
  /**
   * Where every process counts the budgets of callers (rate limits): a Redis server. Unset, they
   * live in PostgreSQL when DATABASE_URL is set, else in the one process's memory.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/[^\s]+$/, "REDIS_URL must be a redis:// or rediss:// URL")
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
  /** How long the embedded provider's access tokens last, in seconds. */
  OIDC_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(3_600),
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
  /**
   * Which proxies to believe about the client's address (X-Forwarded-For): unset or "false" for
   * none, "true" for any, a number of hops, or comma-separated addresses and CIDR ranges.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default("")
    .refine(
      (value) => value === "" || /^(true|false|\d{1,2}|[\w.:/,\s-]+)$/.test(value),
      "Not a TRUST_PROXY value",
    ),
  /** Open WebSockets, in all and from one client address. */
  MAX_SOCKETS: z.coerce.number().int().min(1).default(20_000),
  MAX_SOCKETS_PER_IP: z.coerce.number().int().min(1).default(64),
  /** Live queries one WebSocket may hold open at once. */
  MAX_LIVE_QUERIES_PER_SOCKET: z.coerce.number().int().min(1).default(100),
  /** Calls in one HTTP batch or one WebSocket message. */
  MAX_BATCH_SIZE: z.coerce.number().int().min(1).default(20),
  /** Longest an HTTP request (functions, uploads aside) may take, and the database per statement. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(30_000),
  /** Writes (every mutation) per person, or per client address when signed out. */
  RATE_LIMIT_WRITES_PER_MINUTE: z.coerce.number().int().min(1).default(240),
  /** Checkouts (coins and plans) started per person. */
  RATE_LIMIT_CHECKOUTS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Direct messages one person may send. */
  RATE_LIMIT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Friend requests one person may send. */
  RATE_LIMIT_FRIEND_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /** Accounts created on the embedded sign-in pages per client address. */
  RATE_LIMIT_ACCOUNTS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /**
   * Origins of push services to accept besides the big browsers' (a self-hosted push service;
   * tests), comma-separated.
   */
  PUSH_EXTRA_ORIGINS: z.string().default(""),
  /**
   * The mail server: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`.
   * Unset: messages stay in the outbox, which the team reads in the admin console.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "SMTP_URL must be an smtp:// or smtps:// URL")
    .optional(),
  /** Who mail is from: `Litverse <hello@example.com>` or a bare address. */
  MAIL_FROM: z.string().trim().min(3).default("Litverse <no-reply@litverse.localhost>"),
  /** Messages handed to the mail server per second, at most (the provider's sending limit). */
  MAIL_RATE_PER_SECOND: z.coerce.number().min(0.1).max(10_000).default(20),
  /** Connections kept open to the mail server. */
  MAIL_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(2),
  /** The secret bounce and complaint reports must carry; unset: those webhooks are off. */
  MAIL_WEBHOOK_SECRET: z.string().min(16, "MAIL_WEBHOOK_SECRET needs at least 16 characters").optional(),
  /** Set to false to keep the server from writing its local admin endpoint file (tests). */
  LOCAL_ADMIN_ENDPOINT: booleanFlag.default(true),
  /**
   * On SIGTERM, how long the server keeps serving while /readyz says it is draining, before it
   * stops accepting: the time a load balancer's health check needs to take it out of rotation.
   * By default 5 s in production on PostgreSQL, where several processes can share the load, and 0
   * elsewhere (a demo, a developer's server or PGlite's single process has nowhere to send it).
   */
  DRAIN_NOTICE_MS: z.coerce.number().int().min(0).max(120_000).optional(),
});

/** DRAIN_NOTICE_MS when unset in production on PostgreSQL: two checks of a typical health checker. */
const PRODUCTION_DRAIN_NOTICE_MS = 5_000;

export interface AuthConfig {
  /** "embedded": our own provider at {publicUrl}/oidc; "external": OIDC_ISSUER. */
  mode: "embedded" | "external";
  issuer: string;
  clientId: string;
  audience: string;
  claims: { email: string; name: string; picture: string };
}

export interface Limits {
  maxSockets: number;
  maxSocketsPerIp: number;
  maxLiveQueriesPerSocket: number;
  maxBatchSize: number;
  requestTimeoutMs: number;
  writesPerMinute: number;
  checkoutsPerHour: number;
  accountsPerHour: number;
  messagesPerMinute: number;
  friendRequestsPerHour: number;
}

/** Where media files live, from MEDIA_STORAGE and S3_*. */
export type MediaLocation = { kind: "local" } | BucketLocation;

export interface BucketLocation {
  kind: "s3";
  bucket: string;
  region: string;
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  delivery: "signed-url" | "server";
}

export type Config = Omit<z.infer<typeof configSchema>, "HOST"> & {
  HOST: string;
  dataDir: string;
  /** MEDIA_DIR, absolute. */
  mediaDir: string;
  media: MediaLocation;
  /** The bucket S3_* name, or null. */
  bucket: BucketLocation | null;
  isProduction: boolean;
  seedDemo: boolean;
  /**
   * A start for trying the platform: demo accounts with their published password may exist, so it
   * says so on the console and in the page. Never in production.
   */
  isDemo: boolean;
  /** Fastify's `trustProxy`, from TRUST_PROXY. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** DRAIN_NOTICE_MS, or its default for the mode. */
  drainNoticeMs: number;
  limits: Limits;
  allowedOrigins: string[];
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  auth: AuthConfig;
  superadminEmails: string[];
  pushExtraOrigins: string[];
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
  if (isProduction && values.SEED_DEMO) {
    throw new Error(
      "Invalid configuration:\n  SEED_DEMO: a production server never seeds the demo accounts, whose password is published. Unset SEED_DEMO, or start without NODE_ENV=production to try the demo.",
    );
  }
  const seedDemo = values.SEED_DEMO ?? !isProduction;
  const bucket = bucketLocation(values);
  const media: MediaLocation = values.MEDIA_STORAGE === "s3" && bucket ? bucket : { kind: "local" };
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, "");
  return {
    ...values,
    HOST: values.HOST ?? (isProduction ? "0.0.0.0" : "127.0.0.1"),
    dataDir: path.resolve(values.DATA_DIR),
    mediaDir: path.resolve(values.MEDIA_DIR ?? path.join(values.DATA_DIR, "media")),
    media,
    bucket,
    isProduction,
    seedDemo,
    isDemo: !isProduction && seedDemo,
    trustProxy: parseTrustProxy(values.TRUST_PROXY),
    drainNoticeMs:
      values.DRAIN_NOTICE_MS ?? (isProduction && values.DATABASE_URL ? PRODUCTION_DRAIN_NOTICE_MS : 0),
    limits: {
      maxSockets: values.MAX_SOCKETS,
      maxSocketsPerIp: values.MAX_SOCKETS_PER_IP,
      maxLiveQueriesPerSocket: values.MAX_LIVE_QUERIES_PER_SOCKET,
      maxBatchSize: values.MAX_BATCH_SIZE,
      requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
      writesPerMinute: values.RATE_LIMIT_WRITES_PER_MINUTE,
      checkoutsPerHour: values.RATE_LIMIT_CHECKOUTS_PER_HOUR,
      accountsPerHour: values.RATE_LIMIT_ACCOUNTS_PER_HOUR,
      messagesPerMinute: values.RATE_LIMIT_MESSAGES_PER_MINUTE,
      friendRequestsPerHour: values.RATE_LIMIT_FRIEND_REQUESTS_PER_HOUR,
    },
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
    pushExtraOrigins: csv(values.PUSH_EXTRA_ORIGINS).map((origin) => new URL(origin).origin),
  };
}

/** The bucket named by S3_*, whether media is kept there or not yet (`media:migrate`). */
function bucketLocation(values: z.infer<typeof configSchema>): BucketLocation | null {
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    throw new Error(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither",
    );
  }
  if (!values.S3_BUCKET) {
    if (values.MEDIA_STORAGE === "s3") {
      throw new Error("Invalid configuration:\n  S3_BUCKET: MEDIA_STORAGE=s3 needs the bucket's name");
    }
    return null;
  }
  return {
    kind: "s3",
    bucket: values.S3_BUCKET,
    region: values.S3_REGION,
    ...(values.S3_ENDPOINT ? { endpoint: values.S3_ENDPOINT } : {}),
    forcePathStyle: values.S3_FORCE_PATH_STYLE,
    ...(values.S3_ACCESS_KEY_ID && values.S3_SECRET_ACCESS_KEY
      ? {
          credentials: { accessKeyId: values.S3_ACCESS_KEY_ID, secretAccessKey: values.S3_SECRET_ACCESS_KEY },
        }
      : {}),
    delivery: values.MEDIA_DELIVERY,
  };
}

function parseTrustProxy(value: string): Config["trustProxy"] {
  if (value === "" || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) {
    // That many proxies in front of the server, each adding the address it received from.
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return csv(value).join(",");
}
