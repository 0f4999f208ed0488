// /settings/profile: one's picture, profile, privacy, email, notifications and blocked people.
import { ExternalLink, Scale, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { ErrorState } from "../../components/ui/error-state.tsx";
import { Page } from "../../components/ui/page.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { useDocumentTitle } from "../../lib/use-document-title.ts";
import { EmailSettings } from "../mail-settings/index.ts";
import { AvatarEditor } from "./avatar-editor.tsx";
import { BlockedPeople } from "./blocked-people.tsx";
import { NotificationSettings } from "./notification-settings.tsx";
import { ProfileForm } from "./profile-form.tsx";
import { useMyProfile } from "./use-profile.ts";

export function ProfileSettingsPage() {
  useDocumentTitle("Edit Profile");
  const profile = useMyProfile();
  const me = profile.data?.person;
  const profilePath = me ? (me.handle ? `/user/${me.handle}` : `/profile/${me._id}`) : null;

  return (
    <Page width="reading" className="space-y-6 py-8">
      <PageHeader
        title="Edit Profile"
        description="How others see you, and what reaches you."
        actions={
          profilePath ? (
            <Button variant="secondary" asChild>
              <Link to={profilePath}>
                <ExternalLink aria-hidden />
                View profile
              </Link>
            </Button>
          ) : null
        }
      />
      {profile.isError ? (
        <ErrorState error={profile.error} onRetry={() => void profile.refetch()} />
      ) : !profile.data || !me ? (
        <div className="space-y-6" role="status" aria-label="Loading your profile">
          <Skeleton className="h-40 w-full rounded-2xl" />
          <Skeleton className="h-96 w-full rounded-2xl" />
        </div>
      ) : (
        <>
          <SettingsCard id="picture" title="Picture">
            <AvatarEditor person={me} />
          </SettingsCard>
          <SettingsCard id="profile" title="Profile">
            <ProfileForm profile={profile.data} />
          </SettingsCard>
          <SettingsCard
            id="email"
            title="Email"
            description="Your address, and what we send to it besides sign-in and password mail."
          >
            <EmailSettings />
          </SettingsCard>
          <SettingsCard
            id="notifications"
            title="Notifications"
            description="In the app, and as a push on the devices where you turn push on."
          >
            <NotificationSettings />
          </SettingsCard>
          <SettingsCard
            id="blocked"
            title="Blocked people"
            description="They cannot see your profile or message you."
          >
            <BlockedPeople />
          </SettingsCard>
          <SettingsCard
            id="safety"
            title="Safety"
            description="The reports you sent, and decisions about your content with the way to appeal them."
          >
            <div className="flex flex-wrap gap-2">
              <Button asChild variant="secondary">
                <Link to="/settings/safety">
                  <ShieldCheck aria-hidden />
                  Reports and decisions
                </Link>
              </Button>
              <Button asChild variant="ghost">
                <Link to="/report-illegal-content">
                  <Scale aria-hidden />
                  Report illegal content
                </Link>
              </Button>
            </div>
          </SettingsCard>
        </>
      )}
    </Page>
  );
}

function SettingsCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card id={id} className="scroll-mt-20">
      <CardHeader>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
