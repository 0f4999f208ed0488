// /user/:handle: the person a handle names. An old handle (changed less than 30 days ago) leads to
// its person, and the address becomes the current handle.
import { useEffect } from "react";
import { useNavigate, useParams } from "react-router";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { errorCode } from "../../lib/errors.ts";
import { ProfileNotFound, ProfilePage, ProfileSkeleton } from "./profile-page.tsx";
import { useHandleTarget } from "./use-profile.ts";

export function Component() {
  const { handle = "" } = useParams();
  const navigate = useNavigate();
  const target = useHandleTarget(handle);
  useEffect(() => {
    if (target.data?.isOldHandle) void navigate(`/user/${target.data.handle}`, { replace: true });
  }, [target.data, navigate]);
  if (target.isPending) return <ProfileSkeleton />;
  if (target.isError) {
    if (errorCode(target.error) === "NOT_FOUND") return <ProfileNotFound />;
    return (
      <Page width="wide" className="py-8">
        <ErrorState
          title="Could not load this profile"
          error={target.error}
          onRetry={() => void target.refetch()}
        />
      </Page>
    );
  }
  return <ProfilePage userId={target.data.userId} />;
}
