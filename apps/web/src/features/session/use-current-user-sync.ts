// After sign-in the server stores or refreshes the person's record; the app waits for it.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { firstDataSettled, isSyncedByFirstData } from "../../lib/first-data.ts";
import { trpc } from "../../lib/trpc.ts";

/** Whether the server has stored the person signed in as `subject` (false when nobody is). */
export function useIsCurrentUserSynced(subject: string | null): boolean {
  const [syncedSubject, setSyncedSubject] = useState<string | null>(null);
  const { mutate } = useMutation(trpc.users.updateCurrentUser.mutationOptions());

  // On the first page load the page's first data has usually stored this person already.
  const isSynced = subject !== null && (syncedSubject === subject || isSyncedByFirstData(subject));
  useEffect(() => {
    if (!subject) return;
    let isCurrent = true;
    // Through the answer's promise even when it has come: the render before may not have seen it.
    void firstDataSettled().then(() => {
      if (!isCurrent) return;
      if (isSyncedByFirstData(subject)) setSyncedSubject(subject);
      else mutate(undefined, { onSuccess: () => setSyncedSubject(subject) });
    });
    return () => {
      isCurrent = false;
    };
  }, [subject, mutate]);
  return isSynced;
}
