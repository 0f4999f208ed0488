// Coming-soon settings changed from the command line reach every open page at once, over the
// pages' WebSockets, without a reload.

import { expect, test } from "@playwright/test";
import { comingSoonOff, runCli } from "./support/cli.ts";
import { mainDataDir } from "./support/env.ts";
import { comingSoonTitle, connectionState, landingHeading, readMarker, setMarker } from "./support/page.ts";

test.afterEach(async () => {
  await comingSoonOff(mainDataDir());
});

test("settings changed with the CLI update two open pages live", async ({ page, context }) => {
  const pages = [page, await context.newPage()];
  for (const open of pages) {
    await open.goto("/");
    await expect(landingHeading(open)).toBeVisible();
    await expect(connectionState(open)).toHaveAttribute("data-state", "pending");
    await setMarker(open);
  }

  await runCli(
    ["settings:coming-soon", "--on", "--title", "The doors open soon", "--launch", "Spring 2027"],
    mainDataDir(),
  );
  for (const open of pages) {
    await expect(comingSoonTitle(open)).toHaveText("The doors open soon");
    await expect(open.getByText("Expected Launch: Spring 2027", { exact: true })).toBeVisible();
    await expect(landingHeading(open)).toHaveCount(0);
    expect(await readMarker(open), "the page was not reloaded").toBe(1);
  }

  await runCli(["settings:coming-soon", "--title", "Almost there"], mainDataDir());
  for (const open of pages) {
    await expect(comingSoonTitle(open)).toHaveText("Almost there");
    await expect(open.getByText("Expected Launch: Spring 2027", { exact: true })).toBeVisible();
    expect(await readMarker(open), "the page was not reloaded").toBe(1);
  }

  await runCli(["settings:coming-soon", "--off"], mainDataDir());
  for (const open of pages) {
    await expect(landingHeading(open)).toBeVisible();
    await expect(comingSoonTitle(open)).toHaveCount(0);
    expect(await readMarker(open), "the page was not reloaded").toBe(1);
  }
});
