// The coming-soon form: the fields as typed, and the update that saves only what changed.
import type { ComingSoonSettings } from "@litverse/shared/system-settings";
import type { UpdateComingSoonSettingsInput } from "@litverse/shared/system-settings-inputs";

export interface ComingSoonForm {
  isComingSoonMode: boolean;
  comingSoonTitle: string;
  comingSoonDescription: string;
  expectedLaunchDate: string;
}

export function formOf(settings: ComingSoonSettings): ComingSoonForm {
  return {
    isComingSoonMode: settings.isComingSoonMode,
    comingSoonTitle: settings.comingSoonTitle,
    comingSoonDescription: settings.comingSoonDescription,
    expectedLaunchDate: settings.expectedLaunchDate ?? "",
  };
}

/** The fields that differ from the saved settings (texts compared trimmed, as the server keeps them). */
export function changedSettings(before: ComingSoonForm, form: ComingSoonForm): UpdateComingSoonSettingsInput {
  const update: UpdateComingSoonSettingsInput = {};
  if (form.isComingSoonMode !== before.isComingSoonMode) update.isComingSoonMode = form.isComingSoonMode;
  if (form.comingSoonTitle.trim() !== before.comingSoonTitle) update.comingSoonTitle = form.comingSoonTitle;
  if (form.comingSoonDescription.trim() !== before.comingSoonDescription) {
    update.comingSoonDescription = form.comingSoonDescription;
  }
  if (form.expectedLaunchDate.trim() !== before.expectedLaunchDate) {
    update.expectedLaunchDate = form.expectedLaunchDate.trim() ? form.expectedLaunchDate : null;
  }
  return update;
}
