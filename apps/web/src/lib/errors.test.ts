import { TRPCClientError } from "@trpc/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  CONNECTION_MESSAGE,
  DEFAULT_ERROR_MESSAGE,
  describeError,
  errorCode,
  INVALID_INPUT_MESSAGE,
  toastError,
} from "./errors.ts";
import { toast } from "./toast.ts";

vi.mock("./toast.ts", () => ({ toast: { error: vi.fn() } }));

afterEach(() => {
  vi.clearAllMocks();
});

/** A client error as the WebSocket link builds it from the server's answer. */
function serverError(message: string, data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { message, code: -32600, data } });
}

describe("describeError", () => {
  it("shows a service's own message for an application error", () => {
    const error = serverError("That handle is taken.", {
      code: "CONFLICT",
      appCode: "CONFLICT",
      httpStatus: 409,
    });
    expect(describeError(error)).toEqual({ message: "That handle is taken.", fieldErrors: {} });
  });

  it("falls back to a message for the code when the server sent none", () => {
    const error = serverError("", { code: "PRECONDITION_FAILED", appCode: "INSUFFICIENT_COINS" });
    expect(describeError(error).message).toBe("You do not have enough coins.");
  });

  it("keeps per-field messages of invalid input and hides zod's raw message", () => {
    const error = serverError('[{"code":"too_small","path":["title"]}]', {
      code: "BAD_REQUEST",
      appCode: "BAD_REQUEST",
      httpStatus: 400,
      fieldErrors: { title: ["Too short."], description: undefined, tags: [] },
    });
    expect(describeError(error, "Could not save the title.")).toEqual({
      message: INVALID_INPUT_MESSAGE,
      fieldErrors: { title: ["Too short."] },
    });
  });

  it("shows the first field's sentence that the server sends for invalid input", () => {
    const error = serverError("A subject is at most 150 characters", {
      code: "BAD_REQUEST",
      appCode: "BAD_REQUEST",
      httpStatus: 400,
      fieldErrors: { subject: ["A subject is at most 150 characters"] },
    });
    expect(describeError(error, "Could not send the ticket.")).toEqual({
      message: "A subject is at most 150 characters",
      fieldErrors: { subject: ["A subject is at most 150 characters"] },
    });
  });

  it("uses the fallback for invalid input that names no field", () => {
    const error = serverError("[]", { code: "BAD_REQUEST", appCode: "BAD_REQUEST", fieldErrors: {} });
    expect(describeError(error, "Could not save the title.")).toEqual({
      message: "Could not save the title.",
      fieldErrors: {},
    });
  });

  it("does not show the text of an unexpected server failure", () => {
    const error = serverError('relation "titles" does not exist', {
      code: "INTERNAL_SERVER_ERROR",
      appCode: "INTERNAL_SERVER_ERROR",
      httpStatus: 500,
    });
    expect(describeError(error, "Could not load the library.").message).toBe("Could not load the library.");
    expect(describeError(error).message).toBe(DEFAULT_ERROR_MESSAGE);
  });

  it("adds the reference of an unexpected failure, so that support can find it in the log", () => {
    const error = serverError("Something went wrong on our side.", {
      code: "INTERNAL_SERVER_ERROR",
      appCode: "INTERNAL_SERVER_ERROR",
      httpStatus: 500,
      reference: "a1b2c3",
    });
    expect(describeError(error, "Could not load the library.").message).toBe(
      "Could not load the library. (reference a1b2c3)",
    );
  });

  it("shows tRPC's own message for other transport codes", () => {
    const error = serverError('No query named "x".', { code: "NOT_IMPLEMENTED", appCode: "NOT_IMPLEMENTED" });
    expect(describeError(error).message).toBe('No query named "x".');
  });

  it("reads the access checks' errors, which carry tRPC's code as appCode", () => {
    const error = serverError("Only administrators can do this.", {
      code: "FORBIDDEN",
      appCode: "FORBIDDEN",
    });
    expect(describeError(error).message).toBe("Only administrators can do this.");
  });

  it("tells a lost connection apart from a failed call", () => {
    const error = TRPCClientError.from(new Error("WebSocket closed prematurely"));
    expect(describeError(error).message).toBe(CONNECTION_MESSAGE);
  });

  it("gives the fallback for anything else thrown", () => {
    expect(describeError(new TypeError("x is undefined"), "Could not play.").message).toBe("Could not play.");
    expect(describeError("boom").message).toBe(DEFAULT_ERROR_MESSAGE);
    expect(describeError(null)).toEqual({ message: DEFAULT_ERROR_MESSAGE, fieldErrors: {} });
  });
});

describe("errorCode", () => {
  it("is the application code, or tRPC's, or nothing", () => {
    expect(errorCode(serverError("No such title.", { code: "NOT_FOUND", appCode: "NOT_FOUND" }))).toBe(
      "NOT_FOUND",
    );
    expect(errorCode(serverError("x", { code: "PRECONDITION_FAILED", appCode: "INSUFFICIENT_COINS" }))).toBe(
      "INSUFFICIENT_COINS",
    );
    expect(errorCode(serverError("x", { code: "TIMEOUT" }))).toBe("TIMEOUT");
    expect(errorCode(new Error("x"))).toBeUndefined();
  });
});

describe("toastError", () => {
  it("shows the message in an error toast and returns the details", () => {
    const error = serverError("No such title.", { code: "NOT_FOUND", appCode: "NOT_FOUND" });
    expect(toastError(error, "Could not open the title.")).toEqual({
      message: "No such title.",
      fieldErrors: {},
    });
    expect(toast.error).toHaveBeenCalledWith("No such title.");
  });

  it("shows the fallback when the error says nothing useful", () => {
    toastError(new Error("boom"), "Could not save the title.");
    expect(toast.error).toHaveBeenCalledWith("Could not save the title.");
  });
});
