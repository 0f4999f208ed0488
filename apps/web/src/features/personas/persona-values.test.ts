import { createPersonaInput } from "@litverse/shared/personas-inputs";
import { describe, expect, it } from "vitest";
import {
  centredSquare,
  fieldErrorsOf,
  personaFieldErrors,
  profilePathOf,
  reelIdOf,
} from "./persona-values.ts";

const REEL = "0b6f1c2e-4d1a-4c3b-9a8e-2f3d4c5b6a70";

describe("a reel from what is pasted", () => {
  it("reads the feed's deep link, a path, a whole address and the bare id", () => {
    expect(reelIdOf(`/reels?reel=${REEL}`)).toBe(REEL);
    expect(reelIdOf(`/reels/${REEL}`)).toBe(REEL);
    expect(reelIdOf(`https://litverse.example/reels?reel=${REEL}&x=1`)).toBe(REEL);
    expect(reelIdOf(`  ${REEL.toUpperCase()}  `)).toBe(REEL);
  });

  it("finds nothing in text without an id", () => {
    expect(reelIdOf("")).toBeNull();
    expect(reelIdOf("/reels")).toBeNull();
    expect(reelIdOf("not a reel")).toBeNull();
  });
});

describe("the persona forms' messages", () => {
  it("puts each schema message under its field", () => {
    const parsed = createPersonaInput.safeParse({ name: "", handle: "a", bio: "", favouriteGenres: [] });
    expect(parsed.success).toBe(false);
    const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    expect(Object.keys(errors).sort()).toEqual(["handle", "name"]);
  });

  it("shows a refused handle under the handle field", () => {
    expect(personaFieldErrors({ form: ["That handle is taken"] })).toEqual({
      handle: ["That handle is taken"],
    });
    expect(personaFieldErrors({ form: ["Too many requests"] })).toEqual({ form: ["Too many requests"] });
  });
});

describe("pictures and profiles", () => {
  it("keeps the middle square of a picture", () => {
    expect(centredSquare(400, 300)).toEqual({ x: 50, y: 0, width: 300, height: 300 });
    expect(centredSquare(201, 401)).toEqual({ x: 0, y: 100, width: 201, height: 201 });
  });

  it("leads to the profile by handle, or by id without one", () => {
    expect(profilePathOf({ _id: "id-1", handle: "reading_rosa" })).toBe("/user/reading_rosa");
    expect(profilePathOf({ _id: "id-1", handle: null })).toBe("/profile/id-1");
  });
});
