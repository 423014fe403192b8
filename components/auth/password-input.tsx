"use client";

import { useState } from "react";
import { EyeIcon, EyeOffIcon } from "@/components/ui/light-icons";
import { TextInput } from "./form-field";
import { authStrings } from "@/lib/strings/auth";

const strings = { auth: authStrings };

/** A password field with a show/hide toggle; spaces are removed as typed. */
export function PasswordInput(props: React.ComponentProps<"input">) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <TextInput {...props} type={visible ? "text" : "password"} className="pr-11" />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        aria-label={visible ? strings.auth.hidePassword : strings.auth.showPassword}
        aria-pressed={visible}
      >
        {visible ? <EyeOffIcon className="size-4" /> : <EyeIcon className="size-4" />}
      </button>
    </div>
  );
}
