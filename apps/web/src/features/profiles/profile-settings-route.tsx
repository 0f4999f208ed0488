import { ProfileSettingsPage } from "./profile-settings-page.tsx";

/** /settings/profile */
export function Component() {
  return <ProfileSettingsPage />;
}
