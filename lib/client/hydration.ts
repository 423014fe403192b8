// The mark React leaves on a page once it has hydrated its root
// (components/layout/hydration-mark.tsx), read by the script of a page that
// starts the framework late (lib/server/deferred-boot.ts) and by the browser
// tests.

/** Set on <html> once React has hydrated the page's root. */
export const HYDRATED_ATTRIBUTE = "data-hydrated";
/** Marks an element only the page's scripts draw: a prerendered page holding one starts its scripts at once. */
export const EAGER_BOOT_ATTRIBUTE = "data-boot-eager";
