import { SESSION_METHODS, sessionMethodLabel } from "./session-method";

describe("sessionMethodLabel", () => {
  it("names each way of signing in in pt-BR", () => {
    expect(SESSION_METHODS.map((m) => sessionMethodLabel(m))).toEqual([
      "Senha",
      "Senha e código",
      "Senha e código de recuperação",
      "Senha e passkey",
      "Passkey",
      "Google",
      "Google e código",
      "Google e código de recuperação",
      "Google e passkey",
    ]);
  });

  it("says nothing for a session that recorded no method, or an unknown one", () => {
    expect(sessionMethodLabel(null)).toBeNull();
    expect(sessionMethodLabel(undefined)).toBeNull();
    expect(sessionMethodLabel("magic-link")).toBeNull();
    expect(sessionMethodLabel("toString")).toBeNull();
  });
});
