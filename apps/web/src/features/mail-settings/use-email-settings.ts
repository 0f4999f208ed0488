// A person's email: the address and whether it is confirmed (kept live, so following a link in
// another tab shows here at once), what they choose to receive, the newsletter, the link sent
// again, and a change of address.
import type { EmailSettings } from "@litverse/shared/mail";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

export function useEmailSettings() {
  return useLiveQuery(trpc.mail.getEmailSettings.queryOptions());
}

/** The settings as the server answered, in place of the cached ones. */
function useKeepSettings() {
  const queryClient = useQueryClient();
  const key = trpc.mail.getEmailSettings.queryKey();
  return {
    keep: (settings: EmailSettings) => queryClient.setQueryData(key, settings),
    /** Shows a choice at once; returns how to put the settings back if it is refused. */
    assume: (change: Partial<EmailSettings>) => {
      const before = queryClient.getQueryData<EmailSettings>(key);
      if (before) queryClient.setQueryData(key, { ...before, ...change });
      return () => before && queryClient.setQueryData(key, before);
    },
  };
}

export type EmailChoice = Partial<Pick<EmailSettings, "moderation" | "support" | "digest">>;

export function useSetEmailChoice() {
  const { keep, assume } = useKeepSettings();
  const set = useMutation(trpc.mail.setEmailSettings.mutationOptions());
  return (choice: EmailChoice) => {
    const undo = assume(choice);
    set.mutate(choice, {
      onSuccess: keep,
      onError: (error) => {
        undo();
        toastError(error, "Could not save that choice.");
      },
    });
  };
}

export function useSetNewsletter() {
  const { keep, assume } = useKeepSettings();
  const set = useMutation(trpc.mail.setNewsletter.mutationOptions());
  return {
    set: (subscribed: boolean) => {
      const undo = assume({ newsletter: subscribed ? "pending" : "none" });
      set.mutate(
        { subscribed },
        {
          onSuccess: (settings) => {
            keep(settings);
            if (settings.newsletter === "pending")
              toast.success("Check your inbox to confirm the newsletter.");
          },
          onError: (error) => {
            undo();
            toastError(error, "Could not change the newsletter.");
          },
        },
      );
    },
    isPending: set.isPending,
  };
}

export function useResendVerification() {
  const resend = useMutation(trpc.mail.resendVerification.mutationOptions());
  return {
    resend: () =>
      resend.mutate(undefined, {
        onSuccess: ({ sentTo }) => toast.success(`We sent a new link to ${sentTo}.`),
        onError: (error) => toastError(error, "Could not send the link."),
      }),
    isSending: resend.isPending,
  };
}

/** Asks for a new address; throws the refusal for the dialog to show at its fields. */
export function useChangeEmail() {
  const { keep } = useKeepSettings();
  const change = useMutation(trpc.mail.changeEmail.mutationOptions());
  return {
    change: async (input: { email: string; password: string }) => {
      const settings = await change.mutateAsync(input);
      keep(settings);
      toast.success(`We sent a link to ${settings.pendingAddress ?? input.email}; follow it to switch.`);
    },
    isChanging: change.isPending,
  };
}
