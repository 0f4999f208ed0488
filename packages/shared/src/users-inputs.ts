// What the users functions accept.
import { z } from "zod";
import { AGE_CHOICES, USER_ROLES } from "./constants.ts";

export const ageSchema = z.union(
  AGE_CHOICES.map((age) => z.literal(age)) as [z.ZodLiteral<13>, z.ZodLiteral<16>, z.ZodLiteral<18>],
  {
    error: "Age must be 13, 16 or 18",
  },
);

export const setUserAgeInput = z.object({ age: ageSchema }).strict();

export const setUserRoleInput = z.object({ userId: z.uuid(), role: z.enum(USER_ROLES) }).strict();
