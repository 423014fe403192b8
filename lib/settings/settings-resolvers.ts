import { zodResolver } from "@hookform/resolvers/zod";
import { passwordFormSchema, profileSchema, visibilitySchema } from "./settings-schemas";

// The settings forms' resolvers: the shared schemas (and zod) in a chunk of
// their own, loaded through lib/client/lazy-resolver.ts.
export const profileResolver = zodResolver(profileSchema);
export const visibilityResolver = zodResolver(visibilitySchema);
export const passwordResolver = (hasPassword: boolean) => zodResolver(passwordFormSchema(hasPassword));
