import "server-only";
import { createHash } from "node:crypto";

// The one way a random token from a link or a cookie is stored: the SHA-256
// hex of the token (sessions, two-factor challenges, e-mailed link tokens,
// invitations, subscribers' links). A random token of 128+ bits needs no
// salt or slow hash, and no secret: a stored hash keeps working whatever
// AUTH_SECRET becomes.

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("hex");
