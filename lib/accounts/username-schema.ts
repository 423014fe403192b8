import { z } from "zod";
import { usernameStrings } from "@/lib/strings/username";
import { USERNAME_PATTERN } from "./username";

const strings = { username: usernameStrings };

// Apart from lib/accounts/username.ts so that the landing page's checks do not
// load zod.

/** The form rule (registration, settings). */
export const usernameSchema = z.string({ error: strings.username.invalidForm }).regex(USERNAME_PATTERN, strings.username.invalidForm);
