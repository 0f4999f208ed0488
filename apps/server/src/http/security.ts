import type { FastifyHelmetOptions } from "@fastify/helmet";

/**
 * Security headers. The content security policy allows only what the app itself uses: its own
 * scripts, styles (plus inline styles, which the toast and dialog libraries inject at run time),
 * images and media from its own origin or generated in the page, and connections to its own
 * origin (functions over HTTP and WebSocket).
 */
export function helmetOptions(extraConnectSources: string[] = []): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", ...extraConnectSources],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  };
}

/**
 * Browsers always send Origin on a WebSocket upgrade; a page from another site must not open a
 * connection that carries our user's session. Clients without an Origin (command line, tests,
 * other servers) are not browsers and may connect.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  allowed: string[],
): boolean {
  if (!origin) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (host && parsed.host === host) return true;
  return allowed.includes(parsed.origin);
}
