"use client";

import type { FieldErrors } from "react-hook-form";
import type { DrawnRegister } from "@/lib/client/drawn-register";
import { FormField, PrefixedInput, fieldAria } from "@/components/auth/form-field";
import { SOCIAL_MAX, SOCIAL_NETWORKS } from "@/lib/settings/settings-limits";
import type { ProfileFormValues } from "@/lib/settings/settings-schemas";
import { settingsStrings } from "@/lib/strings/settings";

const strings = { settings: settingsStrings };

const s = strings.settings;

/** The nine handles, each after its address prefix; WhatsApp keeps digits only as typed. */
export function SocialFields({ register, errors }: { register: DrawnRegister<ProfileFormValues>; errors: FieldErrors<ProfileFormValues> }) {
  return (
    <div className="grid items-start gap-5 sm:grid-cols-2">
      {SOCIAL_NETWORKS.map((network) => {
        const id = `social-${network}`;
        const meta = s.socials[network];
        const hint = "hint" in meta ? meta.hint : undefined;
        const error = errors.socials?.[network]?.message;
        const field = register(`socials.${network}`);
        const digitsOnly = network === "whatsapp";
        return (
          <FormField key={network} id={id} label={meta.label} error={error} hint={hint}>
            <PrefixedInput
              prefix={meta.prefix}
              {...field}
              onChange={(e) => {
                if (digitsOnly) e.target.value = e.target.value.replace(/\D/g, "");
                return field.onChange(e);
              }}
              {...fieldAria(id, error, Boolean(hint))}
              maxLength={SOCIAL_MAX}
              autoCapitalize="none"
              autoComplete="off"
              spellCheck={false}
              inputMode={digitsOnly ? "numeric" : undefined}
              placeholder={digitsOnly ? "5511987654321" : undefined}
            />
          </FormField>
        );
      })}
    </div>
  );
}
