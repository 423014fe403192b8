// Runs in the browser before the app's own code (Next.js instrumentation-client).
import "@/lib/client/zod-config";
