// Turns a staged import into a title: files moved into media storage, then the title and its
// episodes stored in one transaction. If storing fails, the moved files are removed again, so a
// failed import leaves nothing behind.
import { createHash, randomUUID } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../../core/db/client.ts";
import { AppError } from "../../../core/errors.ts";
import type { ServiceDeps } from "../../../core/service-deps.ts";
import type { ImportedTitle } from "../../../media/import/types.ts";
import { episodeMediaKey, insertContent, matterMediaKey, payloadMeasures } from "../../content/index.ts";
import { bookMatter, content, episodes } from "../../content/schema.ts";
import {
  CATALOGUE_TOPIC,
  CONTENT_ADMIN_TOPIC,
  contentEpisodesTopic,
  contentTopic,
} from "../../content/topics.ts";

export interface CommitOptions {
  /** Adds the episodes to this title instead of creating one. */
  contentId?: string;
  createdBy: string | null;
  /** Publish the new title and release its episodes now; otherwise both stay drafts. */
  publish: boolean;
}

export interface CommitResult {
  contentId: string;
  title: string;
  episodeCount: number;
  warnings: string[];
}

async function lastEpisodeNumber(db: Executor, contentId: string): Promise<number> {
  const [last] = await db
    .select({ number: sql<number>`coalesce(max(${episodes.number}), 0)::int` })
    .from(episodes)
    .where(eq(episodes.contentId, contentId));
  return last?.number ?? 0;
}

/**
 * Chapter links name episodes by their place in the import (`?episode=3`); added after existing
 * episodes, they move up by as many.
 */
async function renumberChapterLinks(
  staged: ImportedTitle,
  stagingDir: string,
  offset: number,
): Promise<void> {
  for (const episode of staged.episodes) {
    if (episode.payload.kind !== "book") continue;
    const file = path.join(stagingDir, episode.dir, episode.payload.file);
    const html = await readFile(file, "utf8");
    await writeFile(
      file,
      html.replace(
        /href="\?episode=(\d+)/g,
        (_match, number: string) => `href="?episode=${Number(number) + offset}`,
      ),
    );
  }
}

/** Stores an image file as a title's cover; its name carries a hash of its bytes, so it can be cached for ever. */
export async function storeCover(deps: ServiceDeps, contentId: string, file: string): Promise<string> {
  const hash = createHash("sha256")
    .update(await readFile(file))
    .digest("hex")
    .slice(0, 12);
  const extension = path.extname(file).toLowerCase() || ".jpg";
  const key = `covers/${contentId}/cover-${hash}${extension}`;
  await deps.media.storage.moveIn(file, key);
  return `/media/${key}`;
}

export async function commitImportedTitle(
  deps: ServiceDeps,
  staged: ImportedTitle,
  stagingDir: string,
  options: CommitOptions,
): Promise<CommitResult> {
  const existing = options.contentId
    ? (await deps.db.select().from(content).where(eq(content.id, options.contentId)))[0]
    : undefined;
  if (options.contentId && !existing)
    throw new AppError("NOT_FOUND", "The title to add to no longer exists.");
  if (existing && existing.contentType !== staged.contentType) {
    throw new AppError(
      "BAD_REQUEST",
      `These files make a ${staged.contentType}, but "${existing.title}" is a ${existing.contentType}.`,
    );
  }
  if (staged.episodes.length === 0) throw new AppError("BAD_REQUEST", "The files hold no episode to add.");

  const contentId = existing?.id ?? randomUUID();
  // Front and back matter belong to a book as a whole: episodes added to a title bring none.
  const matter = existing ? [] : (staged.matter ?? []);
  const warnings =
    existing && (staged.matter?.length ?? 0) > 0
      ? [
          ...staged.warnings,
          "The book's front and back matter (title page, contents, notes…) were left out: only a new title keeps them.",
        ]
      : staged.warnings;
  const matterIds = matter.map(() => randomUUID());
  const firstNumber = existing ? (await lastEpisodeNumber(deps.db, contentId)) + 1 : 1;
  if (firstNumber > 1) await renumberChapterLinks(staged, stagingDir, firstNumber - 1);
  const episodeIds = staged.episodes.map(() => randomUUID());
  const movedKeys: string[] = [];
  try {
    // A title keeps its own cover when episodes are added to it.
    let coverImage: string | null = existing?.coverImage ?? null;
    if (staged.coverPath && !coverImage) {
      coverImage = await storeCover(deps, contentId, path.join(stagingDir, staged.coverPath));
      movedKeys.push(`covers/${contentId}`);
    }
    for (const [index, episode] of staged.episodes.entries()) {
      const key = episodeMediaKey(episodeIds[index] as string);
      await deps.media.storage.moveIn(path.join(stagingDir, episode.dir), key);
      movedKeys.push(key);
    }
    for (const [index, page] of matter.entries()) {
      const key = matterMediaKey(matterIds[index] as string);
      await deps.media.storage.moveIn(path.join(stagingDir, page.dir), key);
      movedKeys.push(key);
    }

    const releasedAt = options.publish ? new Date() : null;
    await deps.changes.inTransaction(deps.db, async (tx) => {
      if (!existing) {
        await insertContent(
          deps,
          tx,
          {
            contentType: staged.contentType,
            title: staged.title,
            author: staged.author,
            description: staged.description,
            coverImage,
            language: staged.language,
            genres: staged.genres,
            tags: staged.tags,
            readingDirection: staged.readingDirection,
            writingMode: staged.writingMode,
            status: options.publish ? "published" : "draft",
            createdBy: options.createdBy,
          },
          contentId,
        );
      } else if (coverImage !== existing.coverImage) {
        await tx.update(content).set({ coverImage }).where(eq(content.id, contentId));
      }
      if ((await lastEpisodeNumber(tx, contentId)) !== firstNumber - 1) {
        throw new AppError(
          "CONFLICT",
          "Episodes were added to this title meanwhile. Start the import again.",
        );
      }
      await tx.insert(episodes).values(
        staged.episodes.map((episode, index) => ({
          id: episodeIds[index] as string,
          contentId,
          number: firstNumber + index,
          title: episode.title,
          payload: episode.payload,
          publishAt: releasedAt,
          ...payloadMeasures(episode.payload),
        })),
      );
      if (matter.length > 0) {
        await tx.insert(bookMatter).values(
          matter.map((page, index) => ({
            id: matterIds[index] as string,
            contentId,
            placement: page.placement,
            position: index + 1,
            title: page.title,
            payload: page.payload,
            wordCount: page.payload.wordCount,
          })),
        );
      }
      deps.changes.changed(
        contentTopic(contentId),
        contentEpisodesTopic(contentId),
        CATALOGUE_TOPIC,
        CONTENT_ADMIN_TOPIC,
      );
    });
  } catch (error) {
    await Promise.all(movedKeys.map((key) => deps.media.storage.remove(key).catch(() => {})));
    throw error;
  }
  return {
    contentId,
    title: existing?.title ?? staged.title,
    episodeCount: staged.episodes.length,
    warnings,
  };
}
