import { z } from "zod";
import { AGE_CHOICES, USER_ROLES } from "./constants.ts";

export const ageSchema = z.union(
  AGE_CHOICES.map((age) => z.literal(age)) as [z.ZodLiteral<13>, z.ZodLiteral<16>, z.ZodLiteral<18>],
  {
    error: "Age must be 13, 16 or 18",
  },
);

export const setUserAgeInput = z.object({ age: ageSchema }).strict();

export const HANDLE_PATTERN = /^[a-z0-9_]{3,24}$/;
export const handleSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(HANDLE_PATTERN, "Handles are 3 to 24 letters, digits or underscores");

export const updateHandleInput = z.object({ handle: handleSchema }).strict();

export const setUserRoleInput = z.object({ userId: z.uuid(), role: z.enum(USER_ROLES) }).strict();

export interface CurrentUser {
  _id: string;
  role: (typeof USER_ROLES)[number];
  email: string | null;
  handle: string | null;
  age: (typeof AGE_CHOICES)[number] | null;
  name: string | null;
  picture: string | null;
}
