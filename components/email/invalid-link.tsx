import { LinkIcon } from "lucide-react";
import { buttonVariants } from "@/components/ui/styles";
import { emailStrings } from "@/lib/strings/email";
import { StatusMessage } from "./status-message";

const strings = { email: emailStrings };

/** The state of a used, expired or forged link, with the way to get a new one. */
export function InvalidLink({ text, action }: { text: string; action: { href: string; label: string } }) {
  return (
    <StatusMessage tone="error" icon={<LinkIcon aria-hidden="true" />} title={strings.email.invalidLinkTitle} text={text}>
      <a href={action.href} className={buttonVariants({ className: "w-full" })}>
        {action.label}
      </a>
    </StatusMessage>
  );
}
