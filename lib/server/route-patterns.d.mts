/** See route-patterns.mjs (plain JS for server.mjs). */
export function routePatternMatcher(root?: string): (url: string) => string;
