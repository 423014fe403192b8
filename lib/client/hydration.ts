// The mark React leaves on a page once it has hydrated its root
// (components/layout/hydration-mark.tsx): what the browser tests wait for
// before what only works once React has the page (a drag).

/** Set on <html> once React has hydrated the page's root. */
export const HYDRATED_ATTRIBUTE = "data-hydrated";
