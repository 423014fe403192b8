"use client";

import dynamic from "next/dynamic";

// Every page carries its error boundaries' code from the start (Next loads a
// segment's error.tsx with it): the boundaries stay this small, and the view
// they show (its icons, button and texts) loads once something has failed,
// one chunk shared by all of them. Until it has come, the place is kept.
const keepPlace = () => <div className="min-h-[60dvh]" aria-busy="true" />;

export const ErrorView = dynamic(() => import("./error-view").then((m) => m.ErrorView), { loading: keepPlace });
export const ErrorViewWithData = dynamic(() => import("./error-view").then((m) => m.ErrorViewWithData), { loading: keepPlace });
export type { ErrorBoundaryProps } from "./error-view";
