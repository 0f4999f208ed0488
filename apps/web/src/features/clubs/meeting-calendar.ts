// A meeting as a calendar file (.ics) to add to any calendar app, made with the `ics` library
// (RFC 5545 escaping, line folding and UTC times are easy to get subtly wrong by hand).
import type { ClubMeeting } from "@litverse/shared/clubs";

export async function meetingCalendarFile(
  meeting: ClubMeeting,
  clubName: string,
  clubUrl: string,
): Promise<Blob> {
  const { createEvent } = await import("ics");
  const start = new Date(meeting.startsAt);
  const { error, value } = createEvent({
    uid: `${meeting._id}@litverse`,
    title: `${clubName}: ${meeting.title}`,
    start: start.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { minutes: meeting.durationMinutes },
    location: meeting.place ?? meeting.onlineUrl ?? undefined,
    url: meeting.onlineUrl ?? clubUrl,
    description: meeting.onlineUrl ? `Join online: ${meeting.onlineUrl}\n${clubUrl}` : clubUrl,
    productId: "litverse/clubs",
  });
  if (error || !value) throw new Error("Could not make the calendar file.");
  return new Blob([value], { type: "text/calendar;charset=utf-8" });
}
