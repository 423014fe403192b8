import { toast } from "@/components/ui/use-toast";
import { securityStrings } from "@/lib/strings/security";

const strings = { security: securityStrings };

/** Copies to the clipboard and says so (or says how to copy by hand). */
export async function copyText(text: string, done: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: done });
  } catch {
    toast({ variant: "destructive", title: strings.security.errorTitle, description: strings.security.copyFailed });
  }
}

/** Offers `text` as a file download, made in the browser. */
export function downloadText(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
