-- AlterTable
ALTER TABLE "Link" ADD COLUMN     "endsAt" TIMESTAMP(3),
ADD COLUMN     "highlighted" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "kind" TEXT NOT NULL DEFAULT 'link',
ADD COLUMN     "startsAt" TIMESTAMP(3),
ADD COLUMN     "thumbnailUrl" TEXT;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "buttonShape" TEXT NOT NULL DEFAULT 'rounded',
ADD COLUMN     "buttonStyle" TEXT NOT NULL DEFAULT 'filled',
ADD COLUMN     "fontFamily" TEXT NOT NULL DEFAULT 'sans';
