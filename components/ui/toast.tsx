"use client";

import * as React from "react";
import { Toast as ToastPrimitives } from "radix-ui";
import { cva, type VariantProps } from "class-variance-authority";
import { XIcon } from "lucide-react";

import { cn } from "@/lib/utils";

function ToastProvider({ label = "Notificação", ...props }: React.ComponentProps<typeof ToastPrimitives.Provider>) {
  return <ToastPrimitives.Provider label={label} {...props} />;
}

function ToastViewport({ className, hotkey = ["F8"], label = "Notificações ({hotkey})", ...props }: React.ComponentProps<typeof ToastPrimitives.Viewport>) {
  return (
    <ToastPrimitives.Viewport
      data-slot="toast-viewport"
      hotkey={hotkey}
      label={label}
      className={cn(
        // Celular: faixa no topo, largura total. Desktop: canto inferior direito.
        "pointer-events-none fixed inset-x-0 top-0 z-[100] m-0 flex max-h-dvh w-full list-none flex-col-reverse gap-2 p-4 outline-none",
        "sm:top-auto sm:right-0 sm:bottom-0 sm:left-auto sm:max-w-[420px] sm:flex-col",
        className,
      )}
      {...props}
    />
  );
}

const toastVariants = cva(
  [
    "group pointer-events-auto relative flex w-full items-center justify-between gap-4 overflow-hidden rounded-lg border p-4 pr-10 shadow-lg sm:p-5 sm:pr-10",
    "transition-[translate,opacity]",
    "data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=move]:transition-none",
    "data-[state=open]:animate-slide-in-from-top sm:data-[state=open]:animate-slide-in-from-bottom",
    "data-[state=closed]:animate-slide-out-to-right data-[state=closed]:data-[swipe=end]:animate-toast-swipe-out",
  ],
  {
    variants: {
      variant: {
        default: "border-border bg-background text-foreground",
        destructive: "destructive border-destructive bg-destructive text-destructive-foreground",
      },
    },
    defaultVariants: {
      variant: "default",
    },
  },
);

type ToastProps = React.ComponentProps<typeof ToastPrimitives.Root> & VariantProps<typeof toastVariants>;

function Toast({ className, variant = "default", ...props }: ToastProps) {
  return <ToastPrimitives.Root data-slot="toast" data-variant={variant} className={cn(toastVariants({ variant }), className)} {...props} />;
}

function ToastAction({ className, ...props }: React.ComponentProps<typeof ToastPrimitives.Action>) {
  return (
    <ToastPrimitives.Action
      data-slot="toast-action"
      className={cn(
        "inline-flex h-8 shrink-0 items-center justify-center rounded-md border border-input bg-transparent px-3 text-sm font-medium transition-colors outline-none",
        "hover:bg-secondary",
        "focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background",
        "disabled:pointer-events-none disabled:opacity-50",
        "group-[.destructive]:border-destructive-foreground/40 group-[.destructive]:hover:border-destructive-foreground group-[.destructive]:hover:bg-destructive-foreground group-[.destructive]:hover:text-destructive group-[.destructive]:focus-visible:ring-destructive-foreground group-[.destructive]:focus-visible:ring-offset-destructive",
        className,
      )}
      {...props}
    />
  );
}

function ToastClose({ className, ...props }: React.ComponentProps<typeof ToastPrimitives.Close>) {
  return (
    <ToastPrimitives.Close
      data-slot="toast-close"
      className={cn(
        "absolute top-2 right-2 inline-flex size-7 items-center justify-center rounded-md text-muted-foreground transition-colors outline-none",
        "hover:bg-muted hover:text-foreground",
        "focus-visible:ring-2 focus-visible:ring-ring",
        "group-[.destructive]:text-destructive-foreground/90 group-[.destructive]:hover:bg-destructive-foreground/15 group-[.destructive]:hover:text-destructive-foreground group-[.destructive]:focus-visible:ring-destructive-foreground",
        className,
      )}
      {...props}
    >
      <XIcon aria-hidden="true" className="size-4" />
      <span className="sr-only">Fechar</span>
    </ToastPrimitives.Close>
  );
}

function ToastTitle({ className, ...props }: React.ComponentProps<typeof ToastPrimitives.Title>) {
  return <ToastPrimitives.Title data-slot="toast-title" className={cn("text-sm font-semibold", className)} {...props} />;
}

function ToastDescription({ className, ...props }: React.ComponentProps<typeof ToastPrimitives.Description>) {
  return <ToastPrimitives.Description data-slot="toast-description" className={cn("text-sm opacity-90", className)} {...props} />;
}

type ToastActionElement = React.ReactElement<React.ComponentProps<typeof ToastAction>>;

export { Toast, ToastAction, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport, toastVariants, type ToastActionElement, type ToastProps };
