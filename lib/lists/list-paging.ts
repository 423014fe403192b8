// What the back office's lists share between server and browser.

/** The response header that carries the next page's cursor (lib/lists/list-response.ts). */
export const NEXT_CURSOR_HEADER = "X-Next-Cursor";

/** Rows the panels ask for per page. */
export const UI_PAGE_SIZE = 20;
