// The signal React gives a page once it has hydrated it
// (components/layout/hydration-mark.tsx), read by the script of a prerendered
// page that starts the framework late (lib/server/deferred-boot.ts).

/** Dispatched on document once React has hydrated the page. */
export const HYDRATED_EVENT = "vitrine:hydrated";
/** Set on <html> at the same moment, for a script that starts after the event. */
export const HYDRATED_ATTRIBUTE = "data-hydrated";
/** Marks an element only the page's scripts draw: a prerendered page holding one starts its scripts at once. */
export const EAGER_BOOT_ATTRIBUTE = "data-boot-eager";
