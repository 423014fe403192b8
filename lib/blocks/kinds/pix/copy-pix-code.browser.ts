// The pix kind's part of the public page's script (its `script`, built by
// scripts/build-page-scripts.mjs into ./copy-pix-code.min.ts; sent only to a
// page that shows a Pix block). The block's copy button (drawn hidden by
// ../pix-look.tsx: without this script the code can still be selected and
// copied by hand) shows, and copies the code when pressed, saying so in the
// status line after it. Opening the block is counted by the page's counting
// part (lib/profile/count-visits.browser.ts).

export default function copyPixCode(w: typeof window): void {
  const d = w.document;
  for (const button of Array.from(d.querySelectorAll<HTMLElement>("[data-copy]"))) button.hidden = false;
  d.addEventListener("click", (e) => {
    const button = (e.target as Element).closest("[data-copy]");
    if (!button) return;
    const code = d.getElementById(button.getAttribute("data-copy")!) as HTMLTextAreaElement;
    const copied = () => {
      button.nextElementSibling!.textContent = button.getAttribute("data-ok");
    };
    const clipboard = w.navigator.clipboard;
    if (clipboard && clipboard.writeText) clipboard.writeText(code.value).then(copied, () => code.select());
    else {
      code.select();
      if (d.execCommand("copy")) copied();
    }
  });
}
