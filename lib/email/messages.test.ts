import { resetEnvCache } from "@/lib/server/env";
import { emailChangeNotice, passwordResetEmail, verificationEmail } from "./messages";
import { describeFailure } from "@/lib/outbox/describe-failure";

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
  resetEnvCache();
});

const user = { id: "u1", name: "Ana <b>Souza</b>" };

describe("messages", () => {
  it("build links on NEXT_PUBLIC_APP_URL, absolute, with the token", () => {
    process.env.NEXT_PUBLIC_APP_URL = "https://vitrine.example/";
    resetEnvCache();
    const m = verificationEmail(user, "ana@example.com", "abc.def");
    expect(m.text).toContain("https://vitrine.example/verify-email?token=abc.def");
    expect(m.html).toContain('href="https://vitrine.example/verify-email?token=abc.def"');
    expect(passwordResetEmail(user, "ana@example.com", "t.s").text).toContain("https://vitrine.example/reset-password?token=t.s");
  });

  it("fall back to http://localhost:PORT, never a request's Host", () => {
    delete process.env.NEXT_PUBLIC_APP_URL;
    process.env.PORT = "4321";
    resetEnvCache();
    expect(verificationEmail(user, "a@b.co", "x.y").text).toContain("http://localhost:4321/verify-email?token=x.y");
  });

  it("are pt-BR plain text plus simple HTML: names escaped, no remote image, notices without links", () => {
    const m = verificationEmail(user, "ana@example.com", "abc.def");
    expect(m.subject).toBe("Confirme seu e-mail na Vitrine");
    expect(m.text).toMatch(/^Olá, Ana <b>Souza<\/b>!/);
    expect(m.html).toContain("Ana &lt;b&gt;Souza&lt;/b&gt;");
    expect(m.html).not.toMatch(/<img|src=/i);
    const notice = emailChangeNotice(user, "velho@example.com", "novo@example.com");
    expect(notice.to).toBe("velho@example.com");
    expect(notice.text).toContain("novo@example.com");
    expect(notice.text).not.toMatch(/https?:/);
  });
});

describe("describeFailure", () => {
  it("keeps the error's code and text but never a link or a token", () => {
    const error = Object.assign(new Error("Message failed: 550 rejected https://x.example/reset-password?token=abc.def token=abc.def"), {
      code: "EENVELOPE",
      responseCode: 550,
    });
    const text = describeFailure(error);
    expect(text).toContain("EENVELOPE 550");
    expect(text).not.toContain("abc.def");
    expect(describeFailure("x".repeat(1000)).length).toBeLessThanOrEqual(300);
  });
});
