// The addresses in messages, which act without signing in: the open pixel, links that count
// clicks, unsubscribing (one click from the mail client, RFC 8058; or the footer's link and one
// button), confirming the newsletter; and the webhooks by which mail providers report bounces and
// complaints.
//
// Pages opened from a message never act on GET: mail scanners and link previews open every link
// of a message, and would otherwise unsubscribe or confirm on the person's behalf.
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import { html, layout, messagePage } from "../../auth/provider/pages.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { createAdminNotification } from "../admin-notifications/index.ts";
import {
  BOUNCE_SOURCES,
  BounceReportError,
  type BounceSource,
  readBounceReport,
  snsSubscriptionUrl,
} from "./bounce-reports.ts";
import { mailLinks } from "./links.ts";
import { linkOfMessage } from "./newsletter.service.ts";
import { confirmNewsletter, unsubscribeByMessage } from "./preferences.service.ts";
import { recordClick, recordOpen } from "./report.service.ts";
import { suppressAddress } from "./suppression.ts";

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const WEBHOOK_BODY_LIMIT = 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface MailRoutesOptions {
  /** The secret bounce reports must carry (`?key=` or `Authorization: Bearer`); none: webhooks off. */
  webhookSecret: string | undefined;
}

function sendPage(reply: FastifyReply, status: number, page: string) {
  return reply.code(status).header("cache-control", "no-store").type("text/html; charset=utf-8").send(page);
}

/** A page with one button that posts back to the same address. */
function actionPage(title: string, message: string, button: string): string {
  return layout(
    title,
    html`<h1 id="page-title">${title}</h1>
<p class="lead">${message}</p>
<form method="post"><button class="button" type="submit">${button}</button></form>`,
  );
}

const notOurs = (reply: FastifyReply) =>
  sendPage(
    reply,
    404,
    messagePage({
      title: "Link not recognised",
      message: "This link is not one of ours, or it was cut short. Open it again from the email.",
    }),
  );

function secretMatches(given: string | undefined, secret: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function registerMailRoutes(
  app: FastifyInstance,
  deps: ServiceDeps,
  options: MailRoutesOptions,
): void {
  const home = { href: `${deps.mail.publicUrl}/`, label: "Go to Litverse" };
  const settings = { href: `${deps.mail.publicUrl}/settings/profile#email`, label: "Email settings" };

  void app.register(async (scope) => {
    // Whatever a mail client or provider posts is taken as it comes: unsubscribing and confirming
    // read nothing of it, and each webhook reads its own format.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    scope.get<{ Params: { file: string } }>("/mail/o/:file", async (request, reply) => {
      const token = request.params.file.replace(/\.gif$/, "");
      const messageId = (await mailLinks(deps.db)).readMessage(token);
      if (messageId) await recordOpen(deps, messageId);
      return reply
        .header("cache-control", "no-store, private")
        .header("cross-origin-resource-policy", "cross-origin")
        .type("image/gif")
        .send(PIXEL);
    });

    scope.get<{ Params: { token: string; link: string } }>("/mail/c/:token/:link", async (request, reply) => {
      const place = Number(request.params.link);
      if (!Number.isInteger(place) || place < 0 || place > 1_000) return notOurs(reply);
      const target = await linkOfMessage(deps, request.params.token, place);
      if (!target) return notOurs(reply);
      await recordClick(deps, target.messageId, place);
      return reply.header("cache-control", "no-store").redirect(target.url, 302);
    });

    scope.get<{ Params: { token: string } }>("/mail/unsubscribe/:token", async (request, reply) => {
      if (!(await mailLinks(deps.db)).readMessage(request.params.token)) return notOurs(reply);
      return sendPage(
        reply,
        200,
        actionPage(
          "Unsubscribe",
          "Stop receiving this kind of email from Litverse? One click, and it stops.",
          "Unsubscribe",
        ),
      );
    });

    scope.post<{ Params: { token: string } }>("/mail/unsubscribe/:token", async (request, reply) => {
      const what = await unsubscribeByMessage(deps, request.params.token);
      if (!what) return notOurs(reply);
      return sendPage(
        reply,
        200,
        messagePage({
          title: "You are unsubscribed",
          message:
            what === "digest"
              ? "No more digests of your notifications. You can turn them back on in your email settings."
              : "No more newsletters. If you change your mind, you can subscribe again in your email settings.",
          link: settings,
        }),
      );
    });

    scope.get<{ Params: { token: string } }>("/mail/newsletter/confirm/:token", async (request, reply) => {
      const confirmation = (await mailLinks(deps.db)).readConfirmation(request.params.token);
      if (!confirmation) return notOurs(reply);
      return sendPage(
        reply,
        200,
        actionPage(
          "Confirm the newsletter",
          `Send the Litverse newsletter to ${confirmation.address}?`,
          "Yes, send me the newsletter",
        ),
      );
    });

    scope.post<{ Params: { token: string } }>("/mail/newsletter/confirm/:token", async (request, reply) => {
      const outcome = await confirmNewsletter(deps, request.params.token);
      if (outcome === "invalid") return notOurs(reply);
      if (outcome === "expired") {
        return sendPage(
          reply,
          410,
          messagePage({
            title: "This link has expired",
            message:
              "Confirmation links work for 7 days. Ask for the newsletter again in your email settings.",
            link: settings,
          }),
        );
      }
      return sendPage(
        reply,
        200,
        messagePage({
          title: "You are subscribed",
          message: "The next newsletter is yours. Every issue has a link to stop it at once.",
          link: home,
        }),
      );
    });

    scope.post<{ Params: { source: string }; Querystring: { key?: string } }>(
      "/webhooks/mail/:source",
      async (request, reply) => {
        const secret = options.webhookSecret;
        if (!secret)
          return reply.code(404).send({ error: "Bounce webhooks are off: set MAIL_WEBHOOK_SECRET." });
        const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? "")?.[1];
        if (!secretMatches(request.query.key ?? bearer, secret)) {
          return reply.code(401).send({ error: "The webhook's secret is missing or wrong." });
        }
        const source = request.params.source as BounceSource;
        if (!(BOUNCE_SOURCES as readonly string[]).includes(source)) {
          return reply.code(404).send({ error: `Unknown source: use one of ${BOUNCE_SOURCES.join(", ")}.` });
        }
        const body = Buffer.isBuffer(request.body) ? request.body.toString("utf8") : "";
        const subscribeUrl = source === "ses" ? snsSubscriptionUrl(body) : null;
        if (subscribeUrl) {
          // SNS asks once, before any report: the operator confirms by opening the address.
          request.log.warn(
            { subscribeUrl },
            "Amazon SNS asks to confirm the subscription for bounce reports",
          );
          await createAdminNotification(deps, {
            kind: "mail",
            title: "Confirm the Amazon SNS subscription for bounce reports",
            body: `Open this address once, and SES bounces and complaints start to arrive: ${subscribeUrl}`,
            link: null,
          });
          return reply.send({ received: 0, suppressed: 0, subscriptionToConfirm: true });
        }
        let outcomes: ReturnType<typeof readBounceReport>;
        try {
          outcomes = readBounceReport(source, body);
        } catch (error) {
          if (error instanceof BounceReportError) return reply.code(400).send({ error: error.message });
          throw error;
        }
        let suppressed = 0;
        for (const outcome of outcomes) {
          // Soft bounces pass: the address may work tomorrow, and the sender retries by itself.
          if (outcome.kind === "soft") continue;
          // Our Message-IDs are `<message uuid@domain>`.
          const local = outcome.messageId?.split("@")[0] ?? null;
          await suppressAddress(deps, {
            address: outcome.address,
            reason: outcome.kind === "complaint" ? "complaint" : "hard_bounce",
            source,
            detail: outcome.detail,
            messageId: local && UUID.test(local) ? local : null,
          });
          suppressed++;
        }
        request.log.info({ source, outcomes: outcomes.length, suppressed }, "mail report taken");
        return reply.send({ received: outcomes.length, suppressed });
      },
    );
  });
}
