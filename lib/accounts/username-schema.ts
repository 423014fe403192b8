import { z } from "zod";
import { strings } from "@/lib/strings";
import { USERNAME_PATTERN } from "./username";

// Apart from lib/accounts/username.ts so that the landing page's checks do not
// load zod.

/** The form rule (registration, settings). */
export const usernameSchema = z
  .string({ error: strings.username.invalidForm })
  .regex(USERNAME_PATTERN, strings.username.invalidForm);
