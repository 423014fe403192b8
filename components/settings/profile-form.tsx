"use client";

import { useState } from "react";
import { useForm } from "react-hook-form";
import { drawnRegister } from "@/lib/client/drawn-register";
import { lazyResolver } from "@/lib/client/lazy-resolver";
import { FormField, PrefixedInput, fieldAria } from "@/components/auth/form-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/use-toast";
import { sanitizePhoneInput } from "@/lib/accounts/phone-input";
import type { UserDto } from "@/lib/accounts/user-dto";
import { normalizeUsernameInput } from "@/lib/accounts/username";
import { api, applyFieldErrors } from "@/lib/client/api";
import { useReplayableForm } from "@/lib/client/replayable-form";
import { useRefreshCurrentUser } from "@/lib/client/use-refresh-current-user";
import { BIO_MAX, SOCIAL_NETWORKS } from "@/lib/settings/settings-limits";
import type { ProfileFormValues, ProfileInput } from "@/lib/settings/settings-schemas";
import { pagesStrings } from "@/lib/strings/pages";
import { settingsStrings } from "@/lib/strings/settings";
import { emailStrings } from "@/lib/strings/email";
import { cn } from "@/lib/utils";
import { SocialFields } from "./social-fields";

const strings = { settings: settingsStrings, email: emailStrings };

const s = strings.settings;
const checks = lazyResolver(() => import("@/lib/settings/settings-resolvers").then((m) => m.profileResolver));
const FIELDS = ["name", "username", "email", "phone", "bio", ...SOCIAL_NETWORKS.map((n) => `socials.${n}` as const)] as const;

function formValues(user: UserDto): ProfileFormValues {
  return {
    name: user.name,
    username: user.username,
    email: user.email,
    phone: user.phone ?? "",
    bio: user.bio,
    socials: Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, user.socials[n] ?? ""])),
  };
}

/** `canRename`: the page's owners change its address; an editor sees it, read-only. */
export function ProfileForm({ user, host, canRename = true }: { user: UserDto; host: string; canRename?: boolean }) {
  const refreshUser = useRefreshCurrentUser();
  // A new e-mail waits for its link; the account keeps the old one meanwhile.
  const [pendingEmail, setPendingEmail] = useState(user.pendingEmail);
  const [drawnValues] = useState(() => formValues(user));
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues, unknown, ProfileInput>({
    resolver: checks.resolver,
    defaultValues: drawnValues,
  });
  // The fields' values in the page the server draws, not only once React has it.
  const drawn = drawnRegister(register, drawnValues);

  // The schema's output: empty handles left out, bio '' when empty.
  const onSubmit = handleSubmit(async (values) => {
    try {
      const { user: saved } = await api<{ user: UserDto }>("/api/user/profile", { method: "PUT", body: values });
      reset(formValues(saved));
      setPendingEmail(saved.pendingEmail);
      toast({ title: s.profileSuccess });
      await refreshUser(saved);
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
      toast({ variant: "destructive", title: s.errorTitle, description: s.profileFailed });
    }
  });

  /** A registered field whose text is rewritten as the person types. */
  const masked = (name: "username" | "phone", mask: (v: string) => string) => {
    const field = drawn(name);
    return {
      ...field,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
        e.target.value = mask(e.target.value);
        return field.onChange(e);
      },
    };
  };

  const username = watch("username");
  const bioLength = (watch("bio") ?? "").length;

  // Sent by its script; before React has the page, React keeps the submit (lib/client/replayable-form.ts).
  const replayable = useReplayableForm(() => onSubmit());
  return (
    <form {...replayable} onFocus={checks.preload} onPointerEnter={checks.preload} noValidate className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle>{s.profileSection}</CardTitle>
          <CardDescription>{s.profileSectionHint}</CardDescription>
        </CardHeader>
        <CardContent className="grid items-start gap-5 sm:grid-cols-2">
          <FormField id="profile-name" label={s.name} error={errors.name?.message}>
            <Input {...drawn("name")} {...fieldAria("profile-name", errors.name?.message)} autoComplete="name" maxLength={30} />
          </FormField>
          <FormField
            id="profile-username"
            label={s.username}
            error={errors.username?.message}
            hint={
              <>
                {s.publicAddress} <span className="font-medium text-foreground break-all">{`${host}/${username}`}</span>
                {canRename ? null : <span className="block">{pagesStrings.ownerOnlyAddress}</span>}
              </>
            }
          >
            <PrefixedInput
              prefix={`${host}/`}
              {...masked("username", normalizeUsernameInput)}
              {...fieldAria("profile-username", errors.username?.message, true)}
              autoCapitalize="none"
              autoComplete="username"
              spellCheck={false}
              maxLength={20}
              readOnly={!canRename}
            />
          </FormField>
          <FormField id="profile-email" label={s.email} error={errors.email?.message} hint={pendingEmail ? strings.email.pendingText(pendingEmail) : undefined}>
            <Input
              {...drawn("email")}
              {...fieldAria("profile-email", errors.email?.message, Boolean(pendingEmail))}
              type="email"
              inputMode="email"
              autoComplete="email"
            />
          </FormField>
          <FormField id="profile-phone" label={s.phone} error={errors.phone?.message}>
            <Input
              {...masked("phone", sanitizePhoneInput)}
              {...fieldAria("profile-phone", errors.phone?.message)}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={s.phonePlaceholder}
              maxLength={20}
            />
          </FormField>
          <FormField
            id="profile-bio"
            label={s.bio}
            error={errors.bio?.message}
            className="sm:col-span-2"
            hint={
              <span className={cn("tabular-nums", bioLength > BIO_MAX && "font-medium text-destructive")} aria-live="polite">
                {s.bioCounter(bioLength, BIO_MAX)}
              </span>
            }
          >
            <Textarea {...drawn("bio")} {...fieldAria("profile-bio", errors.bio?.message, true)} rows={3} placeholder={s.bioPlaceholder} />
          </FormField>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{s.socialsSection}</CardTitle>
          <CardDescription>{s.socialsHint}</CardDescription>
        </CardHeader>
        <CardContent>
          <SocialFields register={drawn} errors={errors} />
        </CardContent>
      </Card>

      <div className="flex justify-end">
        <SubmitButton size="lg" busy={isSubmitting} busyLabel={s.savingProfile} className="w-full sm:w-auto">
          {s.saveProfile}
        </SubmitButton>
      </div>
    </form>
  );
}
