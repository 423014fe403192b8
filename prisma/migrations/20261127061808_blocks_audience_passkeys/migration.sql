-- AlterTable
ALTER TABLE "DailyProfileStat" ADD COLUMN     "subscribers" INTEGER NOT NULL DEFAULT 0;

-- AlterTable: the Pix column becomes every block kind's own data (a rename: Pix blocks keep their fields).
ALTER TABLE "Link" RENAME COLUMN "pix" TO "data";
ALTER TABLE "Link" ADD COLUMN     "openInApp" BOOLEAN NOT NULL DEFAULT false;

-- Existing links to the apps that open from an in-app browser (lib/links/open-in-app.ts) get the new default.
UPDATE "Link" SET "openInApp" = true
WHERE "kind" = 'link' AND "url" ~* '^https://([a-z0-9-]+\.)*(youtube\.com|youtu\.be|spotify\.com|wa\.me|whatsapp\.com|instagram\.com|tiktok\.com|t\.me|telegram\.me|mercadolivre\.com\.br|mercadolibre\.com|shopee\.com\.br)(/|$)';

-- AlterTable
ALTER TABLE "Session" ADD COLUMN     "method" TEXT;

-- CreateTable
CREATE TABLE "Subscriber" (
    "id" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,
    "blockId" TEXT,
    "source" TEXT NOT NULL,
    "email" TEXT,
    "whatsapp" TEXT,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "consentText" TEXT NOT NULL,
    "consentVersion" TEXT NOT NULL,
    "consentedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "confirmedAt" TIMESTAMP(3),
    "unsubscribedAt" TIMESTAMP(3),
    "confirmationSentAt" TIMESTAMP(3),
    "confirmTokenHash" TEXT,
    "unsubscribeTokenHash" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Subscriber_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SpentProof" (
    "id" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SpentProof_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Passkey" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "credentialId" TEXT NOT NULL,
    "publicKey" BYTEA NOT NULL,
    "counter" BIGINT NOT NULL DEFAULT 0,
    "transports" TEXT[],
    "deviceType" TEXT NOT NULL,
    "backedUp" BOOLEAN NOT NULL DEFAULT false,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMP(3),

    CONSTRAINT "Passkey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WebAuthnChallenge" (
    "id" TEXT NOT NULL,
    "challenge" TEXT NOT NULL,
    "purpose" TEXT NOT NULL,
    "userId" TEXT,
    "remember" BOOLEAN NOT NULL DEFAULT false,
    "expires" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WebAuthnChallenge_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Subscriber_confirmTokenHash_key" ON "Subscriber"("confirmTokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "Subscriber_unsubscribeTokenHash_key" ON "Subscriber"("unsubscribeTokenHash");

-- CreateIndex
CREATE INDEX "Subscriber_pageId_createdAt_idx" ON "Subscriber"("pageId", "createdAt");

-- CreateIndex
CREATE INDEX "Subscriber_pageId_status_createdAt_idx" ON "Subscriber"("pageId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Subscriber_status_consentedAt_idx" ON "Subscriber"("status", "consentedAt");

-- CreateIndex
CREATE INDEX "Subscriber_blockId_idx" ON "Subscriber"("blockId");

-- CreateIndex
CREATE UNIQUE INDEX "Subscriber_pageId_email_key" ON "Subscriber"("pageId", "email");

-- CreateIndex
CREATE INDEX "SpentProof_expiresAt_idx" ON "SpentProof"("expiresAt");

-- CreateIndex
CREATE UNIQUE INDEX "Passkey_credentialId_key" ON "Passkey"("credentialId");

-- CreateIndex
CREATE INDEX "Passkey_userId_idx" ON "Passkey"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "WebAuthnChallenge_challenge_key" ON "WebAuthnChallenge"("challenge");

-- CreateIndex
CREATE INDEX "WebAuthnChallenge_userId_idx" ON "WebAuthnChallenge"("userId");

-- CreateIndex
CREATE INDEX "WebAuthnChallenge_expires_idx" ON "WebAuthnChallenge"("expires");

-- AddForeignKey
ALTER TABLE "Subscriber" ADD CONSTRAINT "Subscriber_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Subscriber" ADD CONSTRAINT "Subscriber_blockId_fkey" FOREIGN KEY ("blockId") REFERENCES "Link"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Passkey" ADD CONSTRAINT "Passkey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WebAuthnChallenge" ADD CONSTRAINT "WebAuthnChallenge_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
