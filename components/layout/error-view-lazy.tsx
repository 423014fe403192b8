"use client";

import { lazyComponent } from "@/components/ui/lazy-component";

// Every page carries its error boundaries' code from the start (Next loads a
// segment's error.tsx with it): the boundaries stay this small, and the view
// they show (its icons, button and texts) loads once something has failed,
// one chunk shared by all of them. Until it has come, the place is kept.
const keepPlace = <div className="min-h-[60dvh]" aria-busy="true" />;

export const ErrorView = lazyComponent(() => import("./error-view").then((m) => m.ErrorView), keepPlace);
export const ErrorViewWithData = lazyComponent(() => import("./error-view").then((m) => m.ErrorViewWithData), keepPlace);
export type { ErrorBoundaryProps } from "./error-view";
