import { useTheme } from "next-themes";
import { Toaster } from "sonner";

/** Toasts as the product specifies them (several of these are also sonner's defaults). */
export function Toasts() {
  const { resolvedTheme } = useTheme();
  return (
    <Toaster
      theme={resolvedTheme === "dark" ? "dark" : "light"}
      position="bottom-right"
      visibleToasts={3}
      duration={4000}
      gap={14}
      offset={24}
      mobileOffset={16}
      hotkey={["altKey", "KeyT"]}
      containerAriaLabel="Notifications"
      closeButton
      richColors
      toastOptions={{ closeButtonAriaLabel: "Close toast" }}
    />
  );
}
