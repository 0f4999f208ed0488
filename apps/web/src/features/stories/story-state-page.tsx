// In place of a story that cannot be shown: missing (or never published), or above the reader's
// age. Each says why and leads back to the stories.
import { BookX, ShieldAlert } from "lucide-react";
import { UnavailablePage } from "../../components/catalogue/unavailable-page.tsx";

const TO_STORIES = { to: "/interactive-stories", label: "All stories" };

export function StoryNotFound() {
  return (
    <UnavailablePage
      title="Story not found"
      icon={<BookX className="size-7" aria-hidden />}
      text="This story does not exist or is no longer available."
      link={TO_STORIES}
    />
  );
}

export function StoryAgeRestricted({ message }: { message: string }) {
  return (
    <UnavailablePage
      title="Age restricted"
      heading={message.replace(/\.$/, "")}
      icon={<ShieldAlert className="size-7" aria-hidden />}
      isWarning
      text="It is not available for your age group. There are other stories to play that are."
      link={TO_STORIES}
    />
  );
}
