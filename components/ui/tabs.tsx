"use client";

import * as React from "react";
import { Tabs as TabsPrimitive } from "radix-ui";

import { cn } from "@/lib/utils";

// A tab pressed before React has the page is not lost: the list is a form
// whose action is a function and each tab one of its submit buttons, so React
// keeps the press (its form-replaying script) and makes it once it has the
// page (lib/client/replayable-form.ts says more). Once React has it, Radix
// selects the tab as it always does and the press submits nothing.

/** The form field a tab's button sends: the tab's value. */
const TAB = "aba";
const SelectTab = React.createContext<(value: string) => void>(() => {});

function Tabs({ className, value, defaultValue, onValueChange, ...props }: React.ComponentProps<typeof TabsPrimitive.Root>) {
  const [own, setOwn] = React.useState(defaultValue);
  const shown = value ?? own;
  const select = (next: string) => {
    if (value === undefined) setOwn(next);
    onValueChange?.(next);
  };
  return (
    <SelectTab value={select}>
      <TabsPrimitive.Root
        data-slot="tabs"
        className={cn("flex flex-col gap-2 data-[orientation=vertical]:flex-row", className)}
        value={shown}
        onValueChange={select}
        {...props}
      />
    </SelectTab>
  );
}

function TabsList({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.List>) {
  const select = React.useContext(SelectTab);
  return (
    <form action={(data) => select(data.get(TAB) as string)} className="contents">
      <TabsPrimitive.List
        data-slot="tabs-list"
        className={cn(
          "inline-flex h-9 w-fit max-w-full items-center justify-center rounded-lg bg-muted p-[3px] text-muted-foreground",
          "data-[orientation=vertical]:h-auto data-[orientation=vertical]:flex-col data-[orientation=vertical]:items-stretch",
          className,
        )}
        {...props}
      />
    </form>
  );
}

function TabsTrigger({ className, value, children, ...props }: React.ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      value={value}
      asChild
      data-slot="tabs-trigger"
      className={cn(
        "inline-flex h-full min-w-0 flex-1 items-center justify-center gap-1.5 rounded-md border border-transparent px-2.5 py-1 text-sm font-medium whitespace-nowrap text-muted-foreground transition-[color,background-color,box-shadow] outline-none",
        "hover:text-foreground",
        "data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm",
        "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/40",
        "disabled:pointer-events-none disabled:opacity-50",
        "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
        className,
      )}
      {...props}
    >
      <button type="submit" name={TAB} value={value} onClick={(event) => event.preventDefault()}>
        {children}
      </button>
    </TabsPrimitive.Trigger>
  );
}

function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn(
        "flex-1 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
        className,
      )}
      {...props}
    />
  );
}

export { Tabs, TabsList, TabsTrigger, TabsContent };
