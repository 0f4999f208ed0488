// The sign-in page of a demo server offers its accounts, each signing in with one click; a
// production server's page says nothing of them.
import { DEMO_PASSWORD, DEMO_SIGN_INS } from "@litverse/shared/demo-accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../core/config.ts";
import { openTestPlatform, type TestPlatform } from "../../test/test-platform.ts";
import { createAccount } from "./accounts.ts";
import {
  authorizationRequest,
  Browser,
  freePort,
  type ProviderServer,
  parseForms,
  startProviderServer,
} from "./test-kit.ts";

let platform: TestPlatform;
let demo: ProviderServer;
let production: ProviderServer;

beforeAll(async () => {
  platform = await openTestPlatform();
  const productionConfig = loadConfig({ NODE_ENV: "production" });
  demo = await startProviderServer(
    { ...platform, config: { ...platform.config, isDemo: true } },
    await freePort(),
  );
  production = await startProviderServer(
    { ...platform, config: { ...platform.config, isDemo: productionConfig.isDemo } },
    await freePort(),
  );
});

afterAll(async () => {
  await demo?.close();
  await production?.close();
  await platform?.dispose();
});

describe("the demo accounts on the sign-in page", () => {
  it("are offered on a demo server, and one click signs in as one", async () => {
    await createAccount(
      platform.deps.db,
      { email: "reader@demo.test", displayName: "Demo Reader", password: DEMO_PASSWORD },
      { skipPasswordRules: true },
    );
    const browser = new Browser(demo);
    const page = await browser.open(authorizationRequest(demo).url);
    expect(page.html).toContain("This is a demo of Litverse");
    const accounts = parseForms(page.html).filter((form) => form.fields.email);
    expect(accounts.map((form) => form.fields.email)).toEqual(DEMO_SIGN_INS.map((account) => account.email));
    const reader = accounts.find((form) => form.fields.email === "reader@demo.test");
    expect(reader?.fields.password).toBe(DEMO_PASSWORD);

    const signedIn = await browser.submit(reader?.action ?? "", reader?.fields ?? {});
    expect(new URL(signedIn.url).pathname).toBe("/auth/callback");
  });

  it("are never shown by a production server", async () => {
    const page = await new Browser(production).open(authorizationRequest(production).url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('id="field-email"');
    expect(page.html).not.toContain("This is a demo");
    expect(page.html).not.toContain(DEMO_PASSWORD);
    for (const { email } of DEMO_SIGN_INS) expect(page.html).not.toContain(email);
  });
});
