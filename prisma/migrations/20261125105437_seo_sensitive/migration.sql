-- AlterTable
ALTER TABLE "Link" ADD COLUMN     "sensitive" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "indexable" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "sensitive" TEXT NOT NULL DEFAULT 'none',
ADD COLUMN     "seoDescription" TEXT,
ADD COLUMN     "seoTitle" TEXT;

-- CreateIndex
CREATE INDEX "User_sitemap_idx" ON "User"("pageActive", "indexable", "sensitive", "username");
