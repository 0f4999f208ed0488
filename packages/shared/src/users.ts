import type { AGE_CHOICES, USER_ROLES } from "./constants.ts";

export interface CurrentUser {
  _id: string;
  role: (typeof USER_ROLES)[number];
  email: string | null;
  handle: string | null;
  age: (typeof AGE_CHOICES)[number] | null;
  name: string | null;
  picture: string | null;
}

/** Admins and superadmins run the platform: the admin section, and entry during coming-soon mode. */
export function isAdminRole(role: string | null | undefined): boolean {
  return role === "admin" || role === "superadmin";
}
