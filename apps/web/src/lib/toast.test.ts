import { toast as sonnerToast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast } from "./toast.ts";

vi.mock("sonner", () => ({
  toast: Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), info: vi.fn() }),
}));

afterEach(() => {
  vi.clearAllMocks();
});

describe("toast", () => {
  it("raises each kind of toast through sonner, once its module has loaded, with the options given", async () => {
    toast("Continued on another device", { id: "audio-remote-move" });
    toast.success("Saved");
    toast.error("Could not save", { description: "Try again." });
    toast.info("Signed out");
    await vi.waitFor(() => expect(sonnerToast.info).toHaveBeenCalled());
    expect(sonnerToast).toHaveBeenCalledWith("Continued on another device", { id: "audio-remote-move" });
    expect(sonnerToast.success).toHaveBeenCalledWith("Saved", undefined);
    expect(sonnerToast.error).toHaveBeenCalledWith("Could not save", { description: "Try again." });
    expect(sonnerToast.info).toHaveBeenCalledWith("Signed out", undefined);
  });

  it("keeps the order in which toasts were raised", async () => {
    const order: string[] = [];
    vi.mocked(sonnerToast.success).mockImplementation((message) => {
      order.push(String(message));
      return 1;
    });
    for (const message of ["first", "second", "third"]) toast.success(message);
    await vi.waitFor(() => expect(order).toHaveLength(3));
    expect(order).toEqual(["first", "second", "third"]);
  });
});
