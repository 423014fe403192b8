-- CreateTable
CREATE TABLE "CountReceipt" (
    "id" TEXT NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CountReceipt_pkey" PRIMARY KEY ("id")
);
