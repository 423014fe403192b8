import { Spinner } from "@/components/ui/spinner";

/**
 * The owner pages' loading state during client navigation. /dashboard has
 * none on purpose: its document arrives whole (list, figures, QR code) rather
 * than as a spinner that the content then pushes down.
 */
export function PageLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner size="lg" />
    </div>
  );
}
