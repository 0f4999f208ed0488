// The sign-in return: show a spinner while the code is exchanged, then go home whatever happened.
import { useEffect } from "react";
import { useAuth } from "react-oidc-context";
import { useNavigate } from "react-router";
import { FullPageSpinner } from "./full-page-spinner.tsx";

export function Component() {
  const auth = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (auth.isLoading) return;
    if (auth.error) console.error("Sign-in callback failed", auth.error);
    navigate("/", { replace: true });
  }, [auth.isLoading, auth.error, navigate]);
  return <FullPageSpinner label="Signing you in" />;
}
