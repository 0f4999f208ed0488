// Tabs on Radix Tabs, in two looks: "pill" (a segmented control, for switching views of one list)
// and "underline" (sections of a page). The list scrolls sideways when the tabs do not fit.
import * as TabsPrimitive from "@radix-ui/react-tabs";
import { type ComponentProps, createContext, useContext } from "react";
import { cn } from "./cn.ts";

type TabsVariant = "pill" | "underline";

const VariantContext = createContext<TabsVariant>("pill");

export function Tabs({ className, ...props }: ComponentProps<typeof TabsPrimitive.Root>) {
  return <TabsPrimitive.Root {...props} className={cn("flex flex-col gap-4", className)} />;
}

export function TabsList({
  variant = "pill",
  className,
  ...props
}: ComponentProps<typeof TabsPrimitive.List> & { variant?: TabsVariant }) {
  return (
    <VariantContext value={variant}>
      <TabsPrimitive.List
        {...props}
        className={cn(
          "flex max-w-full overflow-x-auto [scrollbar-width:none]",
          variant === "pill"
            ? "w-fit gap-1 rounded-xl bg-stone-100 p-1 dark:bg-white/5"
            : // An inset shadow, not a border, draws the base line: the scroll box would clip a
              // tab's underline pulled over a border.
              "gap-5 shadow-[inset_0_-1px_0_var(--border)]",
          className,
        )}
      />
    </VariantContext>
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  const variant = useContext(VariantContext);
  return (
    <TabsPrimitive.Trigger
      {...props}
      className={cn(
        "inline-flex shrink-0 items-center justify-center gap-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition",
        "hover:text-foreground disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4",
        variant === "pill"
          ? "h-8 rounded-lg px-3 data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm dark:data-[state=active]:bg-white/10"
          : "h-10 border-b-2 border-transparent px-0.5 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 dark:data-[state=active]:border-brand-400 dark:data-[state=active]:text-brand-100",
        className,
      )}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content {...props} className={cn("outline-offset-4", className)} />;
}
