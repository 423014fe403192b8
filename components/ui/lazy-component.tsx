"use client";

import { lazy, Suspense, type ComponentType, type ReactNode } from "react";

/**
 * A component whose code loads the first time it is drawn (a toast, an
 * opened dialog, a failure's view, the signed-in header's menus), with
 * `fallback` in its place until then. React's own lazy() and Suspense, not
 * next/dynamic: that one's loader would otherwise join the first script of
 * every page that holds one (issue 61). Drawn by the server, it is rendered
 * there and its code is fetched at hydration.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>, fallback: ReactNode = null): ComponentType<P> {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function LazyComponent(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyComponent;
}
