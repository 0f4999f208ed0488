// After sign-in, nothing shows until the server has stored or refreshed the user; it runs again
// whenever the signed-in person changes. Signed-out visitors pass straight through.
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useAuth } from "react-oidc-context";
import { firstDataSettled, isSyncedByFirstData } from "../../lib/first-data.ts";
import { useOfflinePass } from "../../lib/offline-start.ts";
import { trpc } from "../../lib/trpc.ts";
import { FullPageSpinner } from "./full-page-spinner.tsx";

export function CurrentUserGate({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const subject = auth.isAuthenticated ? (auth.user?.profile.sub ?? null) : null;
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

  // Offline, a person known on this device goes on without the server (lib/offline-start.ts).
  const isOfflinePass = useOfflinePass(auth.user?.profile.sub);
  if (auth.isLoading && !isOfflinePass) return <FullPageSpinner label="Loading" />;
  if (subject && !isSynced && !isOfflinePass) return <FullPageSpinner label="Signing you in" />;
  return children;
}
