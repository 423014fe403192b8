import "server-only";
import { AppError } from "@/lib/server/errors";
import { securityStrings } from "@/lib/strings/security";

const strings = { security: securityStrings };

/** Every refused answer: bad, replayed, another site's, a removed passkey, a spent or expired challenge (api.md). */
export const passkeyNotRecognised = () => new AppError("invalid_input", { message: strings.security.passkeyNotRecognised });
