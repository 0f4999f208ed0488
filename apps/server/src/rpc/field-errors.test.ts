import { updateContentInput } from "@litverse/shared/content-inputs";
import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "./trpc.ts";

describe("fieldErrorsOf", () => {
  it("names each field by its path inside an update's data, for forms to show under the field", () => {
    const result = updateContentInput.safeParse({
      id: "not-an-id",
      data: { title: "", genres: ["ok", ""] },
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsOf(result.error)).toEqual({
      id: ["Not a valid id"],
      title: ["A title is needed"],
      "genres.1": [expect.any(String)],
    });
  });
});
