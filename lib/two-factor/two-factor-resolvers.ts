import { zodResolver } from "@hookform/resolvers/zod";
import { disableTwoFactorSchema, enableTwoFactorSchema } from "./two-factor-schemas";

// The two-factor forms' resolvers, loaded through lib/client/lazy-resolver.ts.
export const enableTwoFactorResolver = zodResolver(enableTwoFactorSchema);
export const disableTwoFactorResolver = zodResolver(disableTwoFactorSchema);
