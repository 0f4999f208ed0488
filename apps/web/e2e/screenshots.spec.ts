// Screenshots of the landing, coming-soon and signed-in pages at phone and desktop sizes, light and
// dark, for looking over by eye: test-results/screenshots/<name>-<width>-<scheme>.png (what the
// screen shows) and, with SCREENSHOTS set, <name>-<width>-<scheme>-full.png (the whole page).
import { expect, type Page, test } from "@playwright/test";
import { callAs } from "./support/api.ts";
import { openSignedIn, signIn } from "./support/auth.ts";
import { comingSoonOff, comingSoonOn } from "./support/cli.ts";
import { mainDataDir } from "./support/env.ts";
import { comingSoonTitle, landingHeading, openMenu } from "./support/page.ts";
import { capture, SCHEMES, WIDE_VIEWPORTS } from "./support/screenshots.ts";

test.describe("landing", () => {
  for (const scheme of SCHEMES) {
    test(`landing, ${scheme}`, async ({ page }) => {
      await capture(page, "landing", scheme, () => expect(landingHeading(page)).toBeVisible());
    });
  }
});

test.describe("coming soon", () => {
  test.beforeEach(async () => {
    await comingSoonOn(mainDataDir(), { title: "Something new is on its way", launch: "Spring 2027" });
  });
  test.afterEach(async () => {
    await comingSoonOff(mainDataDir());
  });

  for (const scheme of SCHEMES) {
    test(`coming soon, ${scheme}`, async ({ page }) => {
      await capture(page, "coming-soon", scheme, async () => {
        await expect(comingSoonTitle(page)).toHaveText("Something new is on its way");
        await expect(page.getByText("Expected Launch: Spring 2027", { exact: true })).toBeVisible();
      });
    });
  }
});

test.describe("signed in", () => {
  for (const scheme of SCHEMES) {
    test(`home, menu and the newsletter, ${scheme}`, async ({ page }) => {
      await openSignedIn(page, "admin@demo.test");
      await capture(
        page,
        "home",
        scheme,
        async () => {
          await expect(page.getByTestId("curated-shelf").first()).toBeVisible();
          await expect(page.getByTestId("coin-wallet")).not.toHaveText("Loading...");
          // Covers are lazy images: let them arrive before the picture is taken.
          await page.waitForLoadState("networkidle");
        },
        "/",
        WIDE_VIEWPORTS,
      );
      // On wide screens the menu is the navigation beside the page, always open.
      await capture(
        page,
        "menu",
        scheme,
        async () => {
          await openMenu(page);
        },
        "/",
        WIDE_VIEWPORTS,
      );
      await capture(
        page,
        "newsletter",
        scheme,
        async () => {
          await expect(page.getByRole("heading", { name: "Newsletter", level: 1 })).toBeVisible();
          await expect(page.getByRole("status", { name: /^Loading/ })).toHaveCount(0);
        },
        "/admin/newsletter",
        WIDE_VIEWPORTS,
      );
    });
  }
});

test.describe("age gate and missing page", () => {
  for (const scheme of SCHEMES) {
    test(`age gate and 404, ${scheme}`, async ({ page }) => {
      await openSignedInWithoutAge(page);
      await capture(page, "age-gate", scheme, () =>
        expect(page.getByRole("dialog", { name: "How old are you?" })).toBeVisible(),
      );
      await capture(
        page,
        "not-found",
        scheme,
        () => expect(page.getByText("Page Not Found")).toBeVisible(),
        "/no-such-page",
      );
    });
  }
});

/** The demo account that has no age yet; the screenshots never answer its age gate. */
async function openSignedInWithoutAge(page: Page) {
  await page.goto("/");
  await signIn(page, "newbie@demo.test");
}

test.describe("catalogue", () => {
  for (const scheme of SCHEMES) {
    test(`explore, a title, my library and browse, ${scheme}`, async ({ page }) => {
      test.setTimeout(180_000);
      await openSignedIn(page, "reader@demo.test");
      // Something in progress and followed, so that My Library has its lists.
      const find = async (query: string, contentType: string) => {
        const found = await callAs<{ items: Array<{ _id: string; contentType: string }> }>(
          page,
          "query",
          "content.listContent",
          { query },
        );
        const id = found.items.find((item) => item.contentType === contentType)?._id;
        if (!id) throw new Error(`no ${contentType} "${query}"`);
        return id;
      };
      const moby = await find("moby", "book");
      const romeo = await find("two houses", "drama");
      const detail = await callAs<{ episodes: Array<{ _id: string }> }>(page, "query", "content.getContent", {
        contentId: moby,
      });
      await callAs(page, "mutation", "library.recordProgress", {
        episodeId: detail.episodes[1]?._id,
        fraction: 0.4,
      });
      await callAs(page, "mutation", "library.recordProgress", {
        episodeId: detail.episodes[0]?._id,
        fraction: 1,
        isCompleted: true,
      });
      for (const contentId of [moby, romeo]) {
        await callAs(page, "mutation", "library.followContent", { contentId });
      }

      const cardsShown = async () => {
        await expect(page.getByTestId("content-card").first()).toBeVisible();
        await page.waitForLoadState("networkidle");
      };
      await capture(page, "explore", scheme, cardsShown, "/explore", WIDE_VIEWPORTS);
      await capture(page, "explore-search", scheme, cardsShown, "/explore?q=moby&genre=classics");
      await capture(
        page,
        "title",
        scheme,
        async () => {
          await expect(page.getByRole("heading", { name: "Two Houses", level: 1 })).toBeVisible();
          await page.waitForLoadState("networkidle");
        },
        `/content/${romeo}`,
        WIDE_VIEWPORTS,
      );
      await capture(
        page,
        "title-long",
        scheme,
        () => expect(page.getByTestId("primary-action")).toHaveText("Continue episode 2"),
        `/content/${moby}`,
        WIDE_VIEWPORTS,
      );
      await capture(
        page,
        "my-library",
        scheme,
        async () => {
          await expect(page.getByTestId("continue-list")).toBeVisible();
          await page.waitForLoadState("networkidle");
        },
        "/my-library",
        WIDE_VIEWPORTS,
      );
      await capture(
        page,
        "my-library-following",
        scheme,
        () => expect(page.getByTestId("following-list")).toBeVisible(),
        "/my-library?tab=following",
      );
      await capture(
        page,
        "my-library-history",
        scheme,
        () => expect(page.getByTestId("history-list")).toBeVisible(),
        "/my-library?tab=history",
      );
      await capture(
        page,
        "home-continue",
        scheme,
        async () => {
          await expect(page.getByTestId("continue-shelf")).toBeVisible();
          await page.waitForLoadState("networkidle");
        },
        "/",
      );
      await capture(
        page,
        "explore-filters",
        scheme,
        async () => {
          await expect(page.getByTestId("content-card").first()).toBeVisible();
          // Phones and tablets keep the filters in a sheet; wide screens show them beside the results.
          if ((page.viewportSize()?.width ?? 0) < 1024) {
            await page.getByRole("button", { name: /^Filters/ }).click();
            await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
          }
        },
        "/explore?type=book&genre=classics",
      );
      await capture(
        page,
        "title-locked",
        scheme,
        async () => {
          await page.getByTestId("episode-row").nth(3).click();
          await expect(page.getByRole("dialog", { name: "Episode 4 is locked" })).toContainText("320 coins");
        },
        `/content/${romeo}`,
      );
      await capture(
        page,
        "title-not-found",
        scheme,
        () => expect(page.getByRole("heading", { name: "Title not found", level: 1 })).toBeVisible(),
        "/content/00000000-0000-4000-8000-000000000000",
      );
      await capture(
        page,
        "browse-library",
        scheme,
        async () => {
          await expect(page.getByTestId("genre-cloud")).toBeVisible();
          await page.waitForLoadState("networkidle");
        },
        "/library",
        WIDE_VIEWPORTS,
      );
    });
  }
});

test.describe("people", () => {
  for (const scheme of SCHEMES) {
    test(`people pages, ${scheme}`, async ({ page }) => {
      await openSignedIn(page, "reader@demo.test");
      const ready = (name: string) => () =>
        expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
      await capture(page, "make-friends", scheme, ready("Make Friends"), "/users", WIDE_VIEWPORTS);
      await capture(
        page,
        "messages",
        scheme,
        () => expect(page.getByTestId("conversation-item").first()).toBeVisible(),
        "/messages",
        WIDE_VIEWPORTS,
      );
      await capture(
        page,
        "notifications",
        scheme,
        () => expect(page.getByTestId("notice").first()).toBeVisible(),
        "/notifications",
        WIDE_VIEWPORTS,
      );
      await capture(page, "edit-profile", scheme, ready("Edit Profile"), "/settings/profile", WIDE_VIEWPORTS);
      await capture(page, "profile", scheme, ready("Demo Reader"), "/user/demo_reader");
    });
  }
});

test.describe("interactive stories", () => {
  for (const scheme of SCHEMES) {
    test(`stories, the player, the dashboard and stat presets, ${scheme}`, async ({ page }) => {
      test.setTimeout(180_000);
      await openSignedIn(page, "admin@demo.test");
      // The lighthouse story played up to its lamp room: stats, a locked choice and a premium one.
      const stories = await callAs<{ items: Array<{ id: string; title: string }> }>(
        page,
        "query",
        "stories.listStories",
        { search: "Lantern" },
      );
      const storyId = stories.items.find((story) => story.title === "The Lantern Keeper")?.id;
      if (!storyId) throw new Error("no demo story The Lantern Keeper");
      await callAs(page, "mutation", "stories.startPlay", { storyId });
      const take = async (label: string) => {
        const play = await callAs<{
          playId: string;
          scene: { id: string };
          choices: Array<{ id: string; label: string }>;
        }>(page, "query", "stories.getPlay", { storyId });
        const choiceId = play.choices.find((choice) => choice.label === label)?.id;
        if (!choiceId) throw new Error(`no choice "${label}" at ${play.scene.id}`);
        await callAs(page, "mutation", "stories.chooseChoice", {
          storyId,
          playId: play.playId,
          sceneId: play.scene.id,
          choiceId,
        });
      };
      for (const label of ["Search the rocks", "Back to the door", "Try the door", "Unlock the lamp room"]) {
        await take(label);
      }
      await callAs(page, "mutation", "stories.saveToSlot", { storyId, slot: 1 });

      const playPath = `/interactive-stories/${storyId}/play`;
      const inLampRoom = () => expect(page.getByTestId("scene")).toContainText("The great lens waits");
      await capture(
        page,
        "stories",
        scheme,
        async () => {
          await expect(page.getByTestId("story-card").first()).toBeVisible();
          await page.waitForLoadState("networkidle");
        },
        "/interactive-stories",
        WIDE_VIEWPORTS,
      );
      await capture(
        page,
        "story",
        scheme,
        async () => {
          await expect(page.getByRole("heading", { name: "The Lantern Keeper", level: 1 })).toBeVisible();
          await expect(page.getByTestId("save-slot-1")).toContainText("The great lens waits");
        },
        `/interactive-stories/${storyId}`,
        WIDE_VIEWPORTS,
      );
      await capture(page, "story-play", scheme, inLampRoom, playPath, WIDE_VIEWPORTS);
      // Scrolled down: the story's own bar stays below the app's header.
      await capture(
        page,
        "story-play-scrolled",
        scheme,
        async () => {
          await inLampRoom();
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        },
        playPath,
        WIDE_VIEWPORTS,
      );
      await capture(
        page,
        "story-play-unlock",
        scheme,
        async () => {
          await inLampRoom();
          await page.getByRole("button", { name: /^Fit the brass wick/ }).click();
          await expect(page.getByRole("dialog", { name: "A premium choice" })).toContainText("30 coins");
        },
        playPath,
      );
      await capture(
        page,
        "story-play-saves",
        scheme,
        async () => {
          await inLampRoom();
          await page.getByTestId("open-saves").click();
          await expect(page.getByRole("dialog", { name: "Saves" }).getByTestId("save-slot-1")).toContainText(
            "The great lens waits",
          );
        },
        playPath,
      );
      await take("Light the lamp");
      await capture(
        page,
        "story-play-ending",
        scheme,
        () => expect(page.getByTestId("ending-name")).toHaveText("The beacon"),
        playPath,
      );
      await capture(
        page,
        "story-not-found",
        scheme,
        () => expect(page.getByRole("heading", { name: "Story not found", level: 1 })).toBeVisible(),
        "/interactive-stories/00000000-0000-4000-8000-000000000000",
      );
      await capture(
        page,
        "stories-dashboard",
        scheme,
        async () => {
          await expect(page.getByTestId("story-funnel").getByRole("img").first()).toBeVisible();
          await page.waitForLoadState("networkidle");
        },
        `/admin/stories/dashboard?story=${storyId}`,
        WIDE_VIEWPORTS,
      );
      await capture(
        page,
        "stat-presets",
        scheme,
        () => expect(page.getByTestId("preset-card").first()).toBeVisible(),
        "/admin/stat-presets",
      );
      await capture(
        page,
        "stat-preset-dialog",
        scheme,
        async () => {
          await page.getByRole("button", { name: `Edit Explorer` }).click();
          await expect(page.getByRole("dialog", { name: "Edit “Explorer”" })).toBeVisible();
        },
        "/admin/stat-presets",
      );
    });
  }
});
