import { useAuth } from "react-oidc-context";

export function SignInButton({ className = "" }: { className?: string }) {
  const auth = useAuth();
  const isBusy = auth.isLoading || Boolean(auth.activeNavigator);
  const isSignedIn = auth.isAuthenticated;
  const label = isBusy
    ? auth.activeNavigator?.startsWith("signout")
      ? "Signing Out..."
      : "Signing In..."
    : isSignedIn
      ? "Sign Out"
      : "Sign In";
  const onClick = () => {
    if (isSignedIn) void auth.signoutRedirect();
    else void auth.signinRedirect();
  };
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={isBusy}
      className={`rounded-lg px-4 py-2 text-sm font-semibold transition disabled:cursor-not-allowed disabled:opacity-60 ${
        isSignedIn
          ? "border border-border bg-card hover:bg-muted"
          : "bg-brand-600 text-white shadow-sm hover:bg-brand-700"
      } ${className}`}
    >
      {label}
    </button>
  );
}
