import type { FastifyHelmetOptions } from "@fastify/helmet";

/**
 * Security headers. The content security policy allows only what the app itself uses: its own
 * scripts (and its page's inline head script, by hash), styles (plus inline styles, which the
 * toast and dialog libraries inject at run time), images and media from its own origin or
 * generated in the page, and connections to its own origin (functions over HTTP and WebSocket).
 */
export function helmetOptions(
  extraConnectSources: string[] = [],
  options: {
    isHttps: boolean;
    /** Inline scripts of the app's page, by hash (its head script, decision 0029). */
    scriptSources?: string[];
    /** Where media is fetched from besides our origin: a bucket's signed URLs. */
    mediaSources?: string[];
  } = { isHttps: false },
): FastifyHelmetOptions {
  const media = options.mediaSources ?? [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(options.scriptSources ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", ...media],
        mediaSrc: ["'self'", "blob:", ...media],
        fontSrc: ["'self'", "data:", ...media],
        // Offline downloads fetch media (the service worker follows the redirect to the bucket).
        connectSrc: ["'self'", ...extraConnectSources, ...media],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // Silent sign-in renewal loads the provider's authorization endpoint in a hidden frame.
        frameSrc: ["'self'", ...extraConnectSources],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Only a site served over HTTPS may tell browsers to insist on it; over plain HTTP the header
    // is meaningless at best, and on localhost it would pin every other local site to HTTPS.
    strictTransportSecurity: options.isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  };
}

/**
 * Browsers always send Origin on a WebSocket upgrade; a page from another site must not open a
 * connection that carries our user's session. Only the configured origins are accepted, never
 * one that merely matches the Host header (a rebound DNS name sends its own host as both).
 * Clients without an Origin (command line, tests, other servers) are not browsers and may connect.
 */
export function isAllowedOrigin(origin: string | undefined, allowedOrigins: readonly string[]): boolean {
  if (!origin) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  return allowedOrigins.includes(parsed.origin);
}
