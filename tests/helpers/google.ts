import http from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from "jose";

// A stand-in for Google's signing keys: a local key pair and a JWKS server, so
// tests sign their own ID tokens and the app verifies them the real way.

export const GOOGLE_CLIENT_ID = "vitrine-test.apps.googleusercontent.com";

export interface FakeGoogle {
  jwksUrl: string;
  sign(claims: Record<string, unknown>, opts?: { key?: CryptoKey; expiresIn?: string | number; audience?: string; issuer?: string }): Promise<string>;
  otherKey: CryptoKey;
  close(): Promise<void>;
}

export async function startFakeGoogle(): Promise<FakeGoogle> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const other = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "test-key", alg: "RS256", use: "sig" };
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    jwksUrl: `http://127.0.0.1:${port}/certs`,
    otherKey: other.privateKey,
    sign: (claims, opts = {}) =>
      new SignJWT({ email_verified: true, ...claims })
        .setProtectedHeader({ alg: "RS256", kid: "test-key" })
        .setIssuer(opts.issuer ?? "https://accounts.google.com")
        .setAudience(opts.audience ?? GOOGLE_CLIENT_ID)
        .setIssuedAt()
        .setExpirationTime(opts.expiresIn ?? "1h")
        .sign(opts.key ?? privateKey),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
