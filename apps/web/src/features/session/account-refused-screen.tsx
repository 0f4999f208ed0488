// What a person whose account is suspended, banned or deleted sees instead of the app: the
// server's words (until when, and why) and the way out, which is signing out.
import { useAuth } from "react-oidc-context";
import { Button } from "../../components/ui/button.tsx";
import { clearAccountRefusal } from "../../lib/auth/account-refusal.ts";

export function AccountRefusedScreen({ message }: { message: string }) {
  const auth = useAuth();
  const signOut = async () => {
    await auth.removeUser();
    clearAccountRefusal();
  };
  return (
    <main className="flex min-h-screen items-center justify-center bg-background p-6">
      <section
        aria-labelledby="account-refused-title"
        className="w-full max-w-md space-y-4 rounded-2xl border border-border bg-card p-6 text-center shadow-sm"
      >
        <h1 id="account-refused-title" className="text-xl font-semibold">
          Your account cannot be used
        </h1>
        <p className="text-sm text-muted-foreground" role="alert">
          {message}
        </p>
        <p className="text-sm text-muted-foreground">
          If you think this is a mistake, contact the Litverse team.
        </p>
        <Button onClick={() => void signOut()}>Sign out</Button>
      </section>
    </main>
  );
}
