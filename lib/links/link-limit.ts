// How many links (and blocks) a page holds at most: a typed link past it is
// refused, an import stops at it (api.md, Bring your page: "at most the
// page's link limit").
export const PAGE_LINK_LIMIT = 500;
