import { SOLVER_PATH } from "./altcha-solver";
import { audienceStrings } from "@/lib/strings/audience";

// The subscribe kind's part of the public page's script (its `script`, built
// by scripts/build-page-scripts.mjs into ./send-sign-up.min.ts; sent only to
// a page with a sign-up form, whose CSP then allows the worker). Nothing
// loads with the page: on the first focus inside a form[data-sub] it starts
// the worker (SOLVER_PATH, from our own origin) and fetches a signed
// challenge (GET /api/subscribe/challenge) side by side, so the solver's one
// request and the challenge's take one round trip together, and solves it
// while the visitor types. On submit it waits for the solution, POSTs the
// fields as JSON with the proof (`altcha`), and writes the answer into the
// form's status paragraph (.vp-subm, role=status), the button disabled
// meanwhile. If anything fails to load (no Worker, no WebCrypto, the
// challenge or the worker refused), the form is submitted as the browser
// would without JavaScript (the stricter limits of a sign-up without proof
// apply, lib/audience/subscribe-limits.ts). Once the page has loaded and the
// browser is idle, a page with such a form prefetches the solver (3.6 KB,
// cached for good), so that at the focus only the challenge's round trip is
// left.

/** What the sign-up route answers (its refusals name the fields). */
interface SignUpAnswer {
  message?: string;
  errors?: Record<string, string>;
}

/** What the solver's worker posts back (altcha-lib's solution). */
interface Solution {
  counter?: unknown;
  derivedKey?: string;
}

export default function sendSignUp(w: typeof window): void {
  const d = w.document;
  if (!w.fetch || !w.Worker || !w.btoa) return;
  // One proof per form, dropped once spent or failed.
  const proofs = new WeakMap<HTMLFormElement, Promise<string>>();

  function solve(form: HTMLFormElement): Promise<string> {
    let proof = proofs.get(form);
    if (proof) return proof;
    proof = new Promise<string>((solved, failed) => {
      // The worker starts beside the challenge's request (a throw here fails the proof).
      const worker = new w.Worker(SOLVER_PATH);
      let challenge: unknown;
      const fail = () => {
        worker.terminate();
        failed(0);
      };
      worker.onmessage = (e: MessageEvent<Solution | null>) => {
        const s = e.data;
        worker.terminate();
        if (challenge && s && typeof s.counter === "number" && s.derivedKey) {
          solved(w.btoa(JSON.stringify({ challenge, solution: { counter: s.counter, derivedKey: s.derivedKey } })));
        } else failed(0);
      };
      worker.onerror = fail;
      w.fetch("/api/subscribe/challenge", { cache: "no-store" })
        .then((r) => {
          if (!r.ok) throw 0;
          return r.json();
        })
        .then((j: unknown) => {
          challenge = j;
          worker.postMessage({ type: "work", challenge, counterStart: 0, counterStep: 1, timeout: 60000 });
        })
        .catch(fail);
    });
    proof.catch(() => {});
    proofs.set(form, proof);
    return proof;
  }

  // The solver prefetched once the page is loaded and idle, where a form asks for it.
  w.addEventListener("load", () =>
    (w.requestIdleCallback || w.setTimeout)(() => {
      if (!d.querySelector("form[data-sub]")) return;
      const link = d.createElement("link");
      link.rel = "prefetch";
      link.href = SOLVER_PATH;
      d.head.appendChild(link);
    }),
  );

  d.addEventListener("focusin", (e) => {
    const form = (e.target as Element).closest<HTMLFormElement>("form[data-sub]");
    // Started early and not awaited: the proof is kept for the submit (its failure is caught there).
    if (form) void solve(form);
  });

  d.addEventListener("submit", (e) => {
    const form = e.target as HTMLFormElement;
    if (!form.hasAttribute("data-sub")) return;
    e.preventDefault();
    const button = form.querySelector("button");
    const status = form.querySelector(".vp-subm");
    if (button && button.disabled) return;
    if (button) button.disabled = true;
    const fields: Record<string, string | boolean> = {};
    for (const field of Array.from(form.elements) as HTMLInputElement[]) {
      if (!field.name) continue;
      field.removeAttribute("aria-invalid");
      if (field.type === "checkbox") fields[field.name] = field.checked;
      else if (field.name !== "altcha") fields[field.name] = field.value;
    }
    const done = () => {
      proofs.delete(form);
      if (button) button.disabled = false;
    };
    solve(form)
      .then((proof) => {
        fields.altcha = proof;
        return w
          .fetch(form.action, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(fields) })
          .then((r) => r.json().then((answer: SignUpAnswer | null) => [r.ok, answer] as const));
      })
      .then(
        ([ok, answer]) => {
          done();
          let said: string;
          if (ok) {
            form.reset();
            said = audienceStrings.checkEmail;
          } else {
            said = (answer && answer.message) || "";
            const errors = (answer && answer.errors) || {};
            for (const name in errors) {
              const field = form.elements.namedItem(name) as Element | null;
              if (field && field.setAttribute) field.setAttribute("aria-invalid", "true");
              if (errors[name] !== said) said += ` ${errors[name]}`;
            }
          }
          if (status) {
            status.textContent = said;
            status.className = ok ? "vp-subm" : "vp-subm vp-subm-err";
          }
        },
        () => {
          done();
          form.submit();
        },
      );
  });
}
