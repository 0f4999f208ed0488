// Site-wide settings: the coming-soon mode and its texts.

export interface ComingSoonSettings {
  isComingSoonMode: boolean;
  comingSoonTitle: string;
  comingSoonDescription: string;
  /** Free text shown exactly as entered, e.g. "Spring 2027". */
  expectedLaunchDate?: string;
}

export const DEFAULT_COMING_SOON_SETTINGS: ComingSoonSettings = {
  isComingSoonMode: false,
  comingSoonTitle: "Something new is on its way",
  comingSoonDescription:
    "We are putting the finishing touches on a new home for stories: books, audiobooks, comics and dramas, released episode by episode.",
};
