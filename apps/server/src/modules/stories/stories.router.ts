import {
  adminListStoriesInput,
  chooseChoiceInput,
  createStatPresetInput,
  createStoryInput,
  exportStoryInput,
  importTwineInput,
  listStoriesInput,
  rateStoryInput,
  saveStoryDraftInput,
  statPresetIdInput,
  storiesDashboardInput,
  storyIdInput,
  storySlotInput,
  updateStatPresetInput,
  updateStoryDetailsInput,
  uploadSceneImageInput,
} from "@litverse/shared/stories-inputs";
import { adminProcedure, authedProcedure, router } from "../../rpc/trpc.ts";
import * as presets from "./stat-presets.service.ts";
import * as analytics from "./story-analytics.service.ts";
import * as catalogue from "./story-catalogue.service.ts";
import * as choices from "./story-choices.service.ts";
import * as drafts from "./story-drafts.service.ts";
import * as play from "./story-play.service.ts";
import * as saves from "./story-saves.service.ts";
import * as twine from "./story-twine.service.ts";

export const storiesRouter = router({
  // Readers: stories rated at most their age.
  /** Published stories with the caller's progress. Live. */
  listStories: authedProcedure
    .input(listStoriesInput)
    .query(({ ctx, input }) => catalogue.listStories(ctx.deps, ctx.user, input)),
  /** Genres of the published stories the caller may see, with counts. Live. */
  listStoryGenres: authedProcedure.query(({ ctx }) => catalogue.listStoryGenres(ctx.deps, ctx.user)),
  /** One published story, its endings (found ones named) and the caller's play. Live. */
  getStory: authedProcedure
    .input(storyIdInput)
    .query(({ ctx, input }) => catalogue.getStory(ctx.deps, ctx.user, input.storyId)),
  rateStory: authedProcedure
    .input(rateStoryInput)
    .mutation(({ ctx, input }) => catalogue.rateStory(ctx.deps, ctx.user, input)),
  /** The caller's autosave of the story, the same on every device; null before a first play. Live. */
  getPlay: authedProcedure
    .input(storyIdInput)
    .query(({ ctx, input }) => play.getPlay(ctx.deps, ctx.user, input.storyId)),
  /** A new play of the newest version (a restart too); endings found are kept. */
  startPlay: authedProcedure
    .input(storyIdInput)
    .mutation(({ ctx, input }) => play.startPlay(ctx.deps, ctx.user, input.storyId)),
  chooseChoice: authedProcedure
    .input(chooseChoiceInput)
    .mutation(({ ctx, input }) => choices.chooseChoice(ctx.deps, ctx.user, input)),
  saveToSlot: authedProcedure
    .input(storySlotInput)
    .mutation(({ ctx, input }) => saves.saveToSlot(ctx.deps, ctx.user, input)),
  /** The slot's state becomes the autosave. */
  loadSlot: authedProcedure
    .input(storySlotInput)
    .mutation(({ ctx, input }) => saves.loadSlot(ctx.deps, ctx.user, input)),
  deleteSlot: authedProcedure
    .input(storySlotInput)
    .mutation(({ ctx, input }) => saves.deleteSlot(ctx.deps, ctx.user, input)),
  /** Carries the play over to the newest version at the same scene. */
  switchToNewestVersion: authedProcedure
    .input(storyIdInput)
    .mutation(({ ctx, input }) => play.switchToNewestVersion(ctx.deps, ctx.user, input.storyId)),

  // Administrators.
  /** Every story with its status and plays. Live. */
  adminListStories: adminProcedure("stories")
    .input(adminListStoriesInput)
    .query(({ ctx, input }) => drafts.adminListStories(ctx.deps, input)),
  createStory: adminProcedure("stories")
    .input(createStoryInput)
    .mutation(({ ctx, input }) => drafts.createStory(ctx.deps, ctx.user, input)),
  /** The draft the editor opens: details, stats and every scene. */
  getStoryDraft: adminProcedure("stories")
    .input(storyIdInput)
    .query(({ ctx, input }) => drafts.getStoryDraft(ctx.deps, input.storyId)),
  /** Saves what changed since `baseRevision`: scenes, the start, the story's own stats. */
  saveStoryDraft: adminProcedure("stories")
    .input(saveStoryDraftInput)
    .mutation(({ ctx, input }) => drafts.saveStoryDraft(ctx.deps, input)),
  updateStoryDetails: adminProcedure("stories")
    .input(updateStoryDetailsInput)
    .mutation(({ ctx, input }) => drafts.updateStoryDetails(ctx.deps, ctx.user, input)),
  uploadSceneImage: adminProcedure("stories")
    .input(uploadSceneImageInput)
    .mutation(({ ctx, input }) => drafts.uploadSceneImage(ctx.deps, ctx.user, input)),
  /** A new immutable version from the draft; refused while the story has errors. */
  publishStory: adminProcedure("stories")
    .input(storyIdInput)
    .mutation(({ ctx, input }) => drafts.publishStory(ctx.deps, ctx.user, input.storyId)),
  archiveStory: adminProcedure("stories")
    .input(storyIdInput)
    .mutation(({ ctx, input }) => drafts.archiveStory(ctx.deps, input.storyId)),
  restoreStory: adminProcedure("stories")
    .input(storyIdInput)
    .mutation(({ ctx, input }) => drafts.restoreStory(ctx.deps, input.storyId)),
  /** Only a story never published. */
  deleteStory: adminProcedure("stories")
    .input(storyIdInput)
    .mutation(({ ctx, input }) => drafts.deleteStory(ctx.deps, input.storyId)),
  /** A new draft from an uploaded Twee or Twine 2 HTML file. */
  importTwine: adminProcedure("stories")
    .input(importTwineInput)
    .mutation(({ ctx, input }) => twine.importTwine(ctx.deps, ctx.user, input.uploadId)),
  exportStory: adminProcedure("stories")
    .input(exportStoryInput)
    .query(({ ctx, input }) => twine.exportStory(ctx.deps, input)),
  /** Stories by status, plays, completion and endings over a range of days. Live. */
  getStoriesDashboard: adminProcedure("stories")
    .input(storiesDashboardInput)
    .query(({ ctx, input }) => analytics.getStoriesDashboard(ctx.deps, input)),
  /** Readers, drop-off and choice split per scene of the newest version. Live. */
  getStoryFunnel: adminProcedure("stories")
    .input(storyIdInput)
    .query(({ ctx, input }) => analytics.getStoryFunnel(ctx.deps, input.storyId)),
  /** Live. */
  listStatPresets: adminProcedure("stories").query(({ ctx }) => presets.listStatPresets(ctx.deps)),
  createStatPreset: adminProcedure("stories")
    .input(createStatPresetInput)
    .mutation(({ ctx, input }) => presets.createStatPreset(ctx.deps, input)),
  updateStatPreset: adminProcedure("stories")
    .input(updateStatPresetInput)
    .mutation(({ ctx, input }) => presets.updateStatPreset(ctx.deps, input)),
  /** Refused while a story uses it. */
  deleteStatPreset: adminProcedure("stories")
    .input(statPresetIdInput)
    .mutation(({ ctx, input }) => presets.deleteStatPreset(ctx.deps, input.id)),
});
