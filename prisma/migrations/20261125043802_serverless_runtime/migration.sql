-- CreateTable
CREATE TABLE "PageChange" (
    "id" BIGSERIAL NOT NULL,
    "userId" TEXT,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PageChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UploadPart" (
    "uploadId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "userId" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "UploadPart_pkey" PRIMARY KEY ("uploadId","index")
);

-- CreateIndex
CREATE INDEX "PageChange_at_idx" ON "PageChange"("at");

-- CreateIndex
CREATE INDEX "UploadPart_userId_idx" ON "UploadPart"("userId");

-- CreateIndex
CREATE INDEX "UploadPart_createdAt_idx" ON "UploadPart"("createdAt");

-- AddForeignKey
ALTER TABLE "UploadPart" ADD CONSTRAINT "UploadPart_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
