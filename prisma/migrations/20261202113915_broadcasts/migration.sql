-- CreateTable
CREATE TABLE "Broadcast" (
    "id" TEXT NOT NULL,
    "pageId" TEXT NOT NULL,
    "authorId" TEXT,
    "subject" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "sendAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "handedAt" TIMESTAMP(3),
    "recipients" INTEGER NOT NULL DEFAULT 0,
    "sent" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "trippedAt" TIMESTAMP(3),

    CONSTRAINT "Broadcast_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BroadcastRecipient" (
    "id" TEXT NOT NULL,
    "broadcastId" TEXT NOT NULL,
    "subscriberId" TEXT,
    "email" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'queued',
    "handedAt" TIMESTAMP(3),
    "outboxId" TEXT,

    CONSTRAINT "BroadcastRecipient_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BroadcastLink" (
    "id" TEXT NOT NULL,
    "broadcastId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "clicks" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "BroadcastLink_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "BroadcastPause" (
    "pageId" TEXT NOT NULL,
    "pausedAt" TIMESTAMP(3) NOT NULL,
    "pausedById" TEXT,
    "reason" TEXT NOT NULL,
    "broadcastId" TEXT,
    "liftedAt" TIMESTAMP(3),
    "liftedById" TEXT,

    CONSTRAINT "BroadcastPause_pkey" PRIMARY KEY ("pageId")
);

-- CreateIndex
CREATE INDEX "Broadcast_pageId_createdAt_idx" ON "Broadcast"("pageId", "createdAt");

-- CreateIndex
CREATE INDEX "Broadcast_status_sendAt_idx" ON "Broadcast"("status", "sendAt");

-- CreateIndex
CREATE INDEX "Broadcast_startedAt_idx" ON "Broadcast"("startedAt");

-- CreateIndex
CREATE UNIQUE INDEX "BroadcastRecipient_outboxId_key" ON "BroadcastRecipient"("outboxId");

-- CreateIndex
CREATE INDEX "BroadcastRecipient_broadcastId_state_idx" ON "BroadcastRecipient"("broadcastId", "state");

-- CreateIndex
CREATE INDEX "BroadcastRecipient_subscriberId_idx" ON "BroadcastRecipient"("subscriberId");

-- CreateIndex
CREATE UNIQUE INDEX "BroadcastRecipient_broadcastId_subscriberId_key" ON "BroadcastRecipient"("broadcastId", "subscriberId");

-- CreateIndex
CREATE INDEX "BroadcastLink_broadcastId_idx" ON "BroadcastLink"("broadcastId");

-- CreateIndex
CREATE INDEX "BroadcastPause_liftedAt_idx" ON "BroadcastPause"("liftedAt");

-- AddForeignKey
ALTER TABLE "Broadcast" ADD CONSTRAINT "Broadcast_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BroadcastRecipient" ADD CONSTRAINT "BroadcastRecipient_broadcastId_fkey" FOREIGN KEY ("broadcastId") REFERENCES "Broadcast"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BroadcastRecipient" ADD CONSTRAINT "BroadcastRecipient_subscriberId_fkey" FOREIGN KEY ("subscriberId") REFERENCES "Subscriber"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BroadcastLink" ADD CONSTRAINT "BroadcastLink_broadcastId_fkey" FOREIGN KEY ("broadcastId") REFERENCES "Broadcast"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BroadcastPause" ADD CONSTRAINT "BroadcastPause_pageId_fkey" FOREIGN KEY ("pageId") REFERENCES "Page"("id") ON DELETE CASCADE ON UPDATE CASCADE;
