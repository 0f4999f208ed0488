// What leaves the editor: the published version readers play, and the story as a Twine file.
import type { StoryExportFormat } from "@litverse/shared/stories";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { downloadFile } from "../../../lib/download-file.ts";
import { describeError } from "../../../lib/errors.ts";
import { toast } from "../../../lib/toast.ts";
import { trpc } from "../../../lib/trpc.ts";

export function usePublishStory(storyId: string) {
  const publish = useMutation(trpc.stories.publishStory.mutationOptions());
  return {
    publish: ({ onPublished }: { onPublished: (versionNumber: number) => void }) =>
      publish.mutate(
        { storyId },
        {
          onSuccess: (result) => {
            onPublished(result.versionNumber);
            toast.success(`Published: version ${result.versionNumber}`);
          },
          onError: (caught) => toast.error(describeError(caught, "Could not publish the story.").message),
        },
      ),
    isPending: publish.isPending,
  };
}

/** `saveFirst` sends the changes still waiting: the file is written from what the server holds. */
export function useExportStory(storyId: string, saveFirst: () => Promise<unknown>) {
  const queryClient = useQueryClient();
  const [isExporting, setIsExporting] = useState(false);
  const runExport = async (format: StoryExportFormat) => {
    setIsExporting(true);
    try {
      await saveFirst();
      const file = await queryClient.fetchQuery({
        ...trpc.stories.exportStory.queryOptions({ storyId, format }),
        staleTime: 0,
      });
      downloadFile(
        new Blob([file.text], { type: format === "html" ? "text/html" : "text/plain" }),
        file.fileName,
      );
    } catch (caught) {
      toast.error(describeError(caught, "Could not export the story.").message);
    } finally {
      setIsExporting(false);
    }
  };
  return { runExport, isExporting };
}
