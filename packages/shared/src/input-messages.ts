// Sentences for input problems that a schema did not word itself. Every field people fill in has
// its own message ("A subject is at most 150 characters"); these cover the rest (ids, choices,
// numbers the app sends), so that no answer ever shows zod's wording, a pattern or a type name.
import { z } from "zod";

type Issue = z.core.$ZodRawIssue;

const count = (value: number | bigint) =>
  typeof value === "number" ? value.toLocaleString("en-US") : value.toString();

function tooSmall(issue: Extract<Issue, { code: "too_small" }>): string {
  const minimum = count(issue.minimum);
  switch (issue.origin) {
    case "string":
      return issue.minimum === 1 ? "This cannot be empty" : `Use at least ${minimum} characters`;
    case "array":
    case "set":
      return issue.minimum === 1 ? "Choose at least one" : `Choose at least ${minimum}`;
    case "date":
      return "That date is too early";
    default:
      return issue.inclusive === false ? `Use a number above ${minimum}` : `Use ${minimum} or more`;
  }
}

function tooBig(issue: Extract<Issue, { code: "too_big" }>): string {
  const maximum = count(issue.maximum);
  switch (issue.origin) {
    case "string":
      return `Use at most ${maximum} characters`;
    case "array":
    case "set":
      return `At most ${maximum} at a time`;
    case "date":
      return "That date is too late";
    default:
      return issue.inclusive === false ? `Use a number below ${maximum}` : `Use ${maximum} or less`;
  }
}

const FORMAT_MESSAGES: Record<string, string> = {
  email: "Enter a valid email address",
  url: "Enter a valid link",
  uuid: "Not a valid id",
  guid: "Not a valid id",
  datetime: "Enter a valid date and time",
  date: "Enter a valid date",
  time: "Enter a valid time",
};

/** A sentence for an issue whose schema gave none. */
export function plainIssueMessage(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "Something needed is missing";
      return issue.expected === "int" ? "Use a whole number" : "This is not a valid value";
    case "too_small":
      return tooSmall(issue);
    case "too_big":
      return tooBig(issue);
    case "invalid_format":
      return FORMAT_MESSAGES[issue.format] ?? "This is not in the expected form";
    case "not_multiple_of":
      return `Use a multiple of ${count(issue.divisor)}`;
    case "unrecognized_keys":
      return "This request holds something that is not accepted";
    case "invalid_value":
      return "Choose one of the options offered";
    default:
      return "This value is not accepted";
  }
}

/**
 * Makes every schema in this process word its unworded issues with `plainIssueMessage` (a
 * schema's own message still comes first).
 */
export function configureInputMessages(): void {
  z.config({ customError: plainIssueMessage });
}
