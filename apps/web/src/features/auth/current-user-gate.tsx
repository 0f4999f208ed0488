// After sign-in, nothing shows until the server has stored or refreshed the user; it runs again
// whenever the signed-in person changes. Signed-out visitors pass straight through.
import { useMutation } from "@tanstack/react-query";
import { type ReactNode, useEffect, useState } from "react";
import { useAuth } from "react-oidc-context";
import { trpc } from "../../lib/trpc.ts";
import { FullPageSpinner } from "./full-page-spinner.tsx";

export function CurrentUserGate({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const subject = auth.isAuthenticated ? (auth.user?.profile.sub ?? null) : null;
  const [syncedSubject, setSyncedSubject] = useState<string | null>(null);
  const { mutate } = useMutation(trpc.users.updateCurrentUser.mutationOptions());

  useEffect(() => {
    if (!subject) return;
    mutate(undefined, { onSuccess: () => setSyncedSubject(subject) });
  }, [subject, mutate]);

  if (auth.isLoading) return <FullPageSpinner label="Loading" />;
  if (subject && syncedSubject !== subject) return <FullPageSpinner label="Signing you in" />;
  return children;
}
